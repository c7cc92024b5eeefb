//pass
//--local_size=64 --num_groups=1
// One barrier with both flags orders the local shift and the global one.
__kernel void both_fences(__global float *g, __global float *out) {
  __local float s[64];
  int t = get_local_id(0);
  s[t] = g[t];
  g[t] = 2.0f * t;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[t] = t > 0 ? s[t - 1] + g[t - 1] : 0.0f;
}
