//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// The same literal built from a neighbour's local element without the
// barrier: work-item l reads tile[l+1] while work-item l+1 writes it.

__kernel void literals(__global float4 *out, __global float2 *in) {
  __local float2 tile[64];
  uint lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)];
  float2 a = tile[(lid + 1) % 64];
  out[get_global_id(0)] = (float4)(a.yx, a);
}
