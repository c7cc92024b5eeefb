//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
// async_work_group_copy is a work-group function, but each work-item passes
// its own source address: the copy is not the same in every work-item.

__kernel void stage(__global float *in, __global float *out) {
  __local float tile[64];
  event_t e = async_work_group_copy(tile, in + 64 * get_local_id(0), 64, 0);
  wait_group_events(1, &e);
}
