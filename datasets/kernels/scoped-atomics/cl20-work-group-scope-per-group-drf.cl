//pass
//--local_size=64 --num_groups=4
// One counter per work-group: a work-group scoped atomic is enough, every
// work-item touching a counter is in its scope.
__kernel void count_per_group(__global atomic_int *counters) {
  atomic_fetch_add_explicit(&counters[get_group_id(0)], 1, memory_order_relaxed, memory_scope_work_group);
}
