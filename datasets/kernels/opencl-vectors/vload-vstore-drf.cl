//pass
//--local_size=64 --num_groups=4
// vload4/vstore4 on a float array: work-item g reads and writes elements
// 4g..4g+3 only.

__kernel void scale4(__global float *data) {
  uint gid = get_global_id(0);
  float4 v = vload4(gid, data);
  vstore4(v * 2.0f, gid, data);
}
