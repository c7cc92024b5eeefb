//pass
//--local_size=128 --num_groups=8
// OpenCL tree reduction into a __local buffer passed as a kernel parameter
// (its size is set by the host): each step the work-items lid < s add the
// upper half, with a barrier after each step; work-item 0 writes the
// group's partial sum to partial[get_group_id(0)].

__kernel void reduce_sum(__global const float *in, __global float *partial,
                         __local float *scratch, int n) {
  uint lid = get_local_id(0);
  int gid = get_global_id(0);
  scratch[lid] = gid < n ? in[gid] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}
