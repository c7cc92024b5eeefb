//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// One global counter for all work-groups, incremented with a work-group
// scoped atomic: work-items of different groups are outside each other's
// scope, so the increments race (a heterogeneous race).
__kernel void count_all(__global atomic_int *counter) {
  atomic_fetch_add_explicit(counter, 1, memory_order_relaxed, memory_scope_work_group);
}
