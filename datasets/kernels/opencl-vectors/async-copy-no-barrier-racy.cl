//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
// The copy is waited for but no barrier follows: work-item l reads
// tile[l+1], which another work-item of the group may have copied
// (wait_group_events does not order the data for the other work-items).

__kernel void stage(__global float *in, __global float *out) {
  __local float tile[64];
  uint g = get_group_id(0), l = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + 64 * g, 64, 0);
  wait_group_events(1, &e);
  out[get_global_id(0)] = tile[(l + 1) % 64];
}
