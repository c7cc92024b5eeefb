//pass
//--local_size=64 --num_groups=32
// The source of a work-group copy chosen per group (the first group reads
// the bias table, the others the data): a pointer into one of two arrays.
#define TILE 64
__kernel void stage_selected(__global const float *data, __global const float *bias, __global float *out) {
  __local float tile[TILE];
  __global const float *src = get_group_id(0) == 0 ? bias : data + TILE * get_group_id(0);
  event_t e = async_work_group_copy(tile, src, TILE, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[TILE - 1 - get_local_id(0)];
}
