//pass
//--local_size=64 --num_groups=8
// Each work-group copies its slice of in into local memory, waits for the
// copy, synchronizes, works on it and copies the result back to its slice.

__kernel void stage(__global float *in, __global float *out) {
  __local float tile[64];
  uint g = get_group_id(0), l = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + 64 * g, 64, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  float x = tile[(l + 1) % 64];
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[l] = 2.0f * x;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_copy(out + 64 * g, tile, 64, 0);
  wait_group_events(1, &e);
}
