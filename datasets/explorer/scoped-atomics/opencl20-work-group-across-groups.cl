//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
//explore: racy
// Every work-item counts itself in one global counter with an OpenCL 2.0
// atomic_fetch_add_explicit of memory_scope_work_group.
// Bug: work-group scope covers one group only: the two groups' increments
// are a heterogeneous race.
__kernel void work_group_across_groups(__global atomic_int* counter) {
  atomic_fetch_add_explicit(counter, 1, memory_order_relaxed, memory_scope_work_group);
}
