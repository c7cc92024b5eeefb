//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// OpenCL barrier divergence: the barrier is inside if (get_local_id(0) < 8),
// so work-items 0..7 wait at a barrier the others never reach.

__kernel void divergent(__global float *data) {
  __local float s[64];
  uint lid = get_local_id(0);
  uint gid = get_global_id(0);
  s[lid] = data[gid];
  if (lid < 8) {
    barrier(CLK_LOCAL_MEM_FENCE);
    s[lid] += s[lid + 8];
  }
  data[gid] = s[lid];
}
