//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=32
// As async-copy-selected-source-drf.cl, but the tile is read without the
// barrier after the wait: the wait does not order the copied data for the
// other work-items.
#define TILE 64
__kernel void stage_selected_nobar(__global const float *data, __global const float *bias, __global float *out) {
  __local float tile[TILE];
  __global const float *src = get_group_id(0) == 0 ? bias : data + TILE * get_group_id(0);
  event_t e = async_work_group_copy(tile, src, TILE, 0);
  wait_group_events(1, &e);
  out[get_global_id(0)] = tile[TILE - 1 - get_local_id(0)];
}
