//pass
//--local_size=64 --num_groups=4
// Vector literals in their mixed forms, built in registers from local
// memory after a barrier; each work-item writes its own element.

__kernel void literals(__global float4 *out, __global float2 *in) {
  __local float2 tile[64];
  uint lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  float2 a = tile[(lid + 1) % 64];
  float2 b = tile[lid];
  float4 m = (float4)(a.yx, b);
  float4 n = (float4)(a.x, (float2)(b.y), 1.0f);
  int4 s = (int4)(7);
  out[get_global_id(0)] = m + n + convert_float4(s);
}
