//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// OpenCL single-buffered Hillis-Steele scan that adds the partner in place:
// at offset 1 work-item 2 reads s[1] while work-item 1 writes s[1]
// (s[lid] += s[lid - offset]), with no barrier between read and write.

__kernel void scan_in_place(__global const int *in, __global int *out) {
  __local int s[64];
  uint lid = get_local_id(0);
  uint gid = get_global_id(0);
  s[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint offset = 1; offset < get_local_size(0); offset *= 2) {
    if (lid >= offset)
      s[lid] += s[lid - offset];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[gid] = s[lid];
}
