//pass
//--local_size=64 --num_groups=8
// A strided copy gathers column g of a 64x8 matrix into local memory; the
// two copies of one group join one event.

__kernel void column(__global float *m, __global float *out) {
  __local float col[64];
  __local float row[8];
  uint g = get_group_id(0), l = get_local_id(0);
  event_t e = async_work_group_strided_copy(col, m + g, 64, 8, 0);
  async_work_group_copy(row, m + 8 * g, 8, e);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = col[l] + row[l % 8];
}
