//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
// A sub-group scoped atomic on a work-group counter: work-items of other
// sub-groups are outside its scope, so the updates race.
__kernel void count_subgroup_scope(__local atomic_int *counter, __global int *out) {
  atomic_fetch_add_explicit(counter, 1, memory_order_relaxed, memory_scope_sub_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) out[get_group_id(0)] = atomic_load(counter);
}
