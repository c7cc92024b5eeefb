//pass
//--local_size=64 --num_groups=2
// A float array seen as float4s: work-item i writes .x and .y of vector i
// (floats 4i and 4i+1) and float 4i+2 directly, and reads vector i of in.

__kernel void view(__global float *f, __global float *in) {
  uint i = get_global_id(0);
  float4 v = ((__global float4 *)in)[i];
  ((__global float4 *)f)[i].x = v.x;
  ((__global float4 *)f)[i].y = 1.0f;
  f[4 * i + 2] = 2.0f;
}
