//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// A shift through local memory behind barrier(CLK_GLOBAL_MEM_FENCE), which
// orders global memory only: the write of s[t] and the read of s[t - 1] by
// the next work-item race.
__kernel void global_fence_local_data(__global float *in, __global float *out) {
  __local float s[64];
  int t = get_local_id(0);
  s[t] = in[get_global_id(0)];
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = t > 0 ? s[t - 1] : 0.0f;
}
