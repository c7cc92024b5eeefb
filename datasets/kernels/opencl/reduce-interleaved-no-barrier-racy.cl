//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=8
// OpenCL interleaved reduction in a __local array without the barrier in the
// loop: at s = 1 work-item 2 writes acc[2], and at s = 2 (same phase)
// work-item 0 reads acc[0 + 2].

__kernel void reduce_interleaved(__global const int *in, __global int *out) {
  __local int acc[128];
  uint lid = get_local_id(0);
  acc[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 1; s < get_local_size(0); s *= 2) {
    if (lid % (2 * s) == 0)
      acc[lid] += acc[lid + s];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0)
    out[get_group_id(0)] = acc[0];
}
