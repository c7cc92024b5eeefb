//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
// A barrier without wait_group_events: the copy into tile may still be
// running when the work-items read tile after the barrier.

__kernel void stage(__global float *in, __global float *out) {
  __local float tile[64];
  uint g = get_group_id(0), l = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + 64 * g, 64, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[l];
  wait_group_events(1, &e);
}
