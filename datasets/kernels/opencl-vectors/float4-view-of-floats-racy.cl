//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
// Work-item i writes .y of float4 i (float 4i+1) and float 4i+5, which is
// .y of work-item i+1's vector.

__kernel void view(__global float *f) {
  uint i = get_global_id(0);
  ((__global float4 *)f)[i].y = 1.0f;
  f[4 * i + 5] = 2.0f;
}
