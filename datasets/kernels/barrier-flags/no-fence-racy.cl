//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// barrier(0) synchronizes the work-items but orders no memory: the local
// shift behind it races.
__kernel void no_fence(__global float *in, __global float *out) {
  __local float s[64];
  int t = get_local_id(0);
  s[t] = in[get_global_id(0)];
  barrier(0);
  out[get_global_id(0)] = t > 0 ? s[t - 1] : 0.0f;
}
