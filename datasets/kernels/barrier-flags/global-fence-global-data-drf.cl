//pass
//--local_size=64 --num_groups=1
// The same exchange through global memory, with a barrier whose flag is
// CLK_GLOBAL_MEM_FENCE: it orders global memory within the work-group.
__kernel void global_fence_global_data(__global int *g, __global int *out) {
  int t = get_local_id(0);
  g[t] = t;
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (t > 0) out[t] = g[t - 1];
}
