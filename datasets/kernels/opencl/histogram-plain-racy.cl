//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=8
// OpenCL local histogram with a plain lbins[v]++: two work-items whose
// elements have the same value read and write lbins[v] in the same phase.

__kernel void histogram(__global const uchar *data, int n, __global uint *bins) {
  __local uint lbins[256];
  uint lid = get_local_id(0);
  for (uint b = lid; b < 256; b += get_local_size(0))
    lbins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    lbins[data[i]]++;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < 256; b += get_local_size(0))
    atomic_add(&bins[b], lbins[b]);
}
