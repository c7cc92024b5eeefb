//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
// barrier(CLK_LOCAL_MEM_FENCE) orders local memory only. Work-item t
// writes g[t], and work-item t + 1 reads it after the barrier: for global
// memory nothing orders the two, so they race.
__kernel void local_fence_global_data(__global int *g, __global int *out) {
  int t = get_local_id(0);
  g[t] = t;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (t > 0) out[t] = g[t - 1];
}
