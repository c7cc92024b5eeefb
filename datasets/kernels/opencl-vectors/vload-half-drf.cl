//pass
//--local_size=64 --num_groups=4
// vload_half4 / vstore_half4_rte on a half array: work-item g touches
// halves [4g, 4g+4) only; the float result goes to its own element.

__kernel void halves(__global half *h, __global float4 *out) {
  uint gid = get_global_id(0);
  float4 v = vload_half4(gid, h);
  vstore_half4_rte(v + 1.0f, gid, h);
  out[gid] = v;
}
