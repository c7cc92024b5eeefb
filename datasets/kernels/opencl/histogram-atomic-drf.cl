//pass
//--local_size=256 --num_groups=8
// OpenCL histogram in __local memory: bins zeroed (one work-item each), a
// barrier, atomic_inc on lbins[data[i]] over a grid-stride loop, a barrier,
// then atomic_add of each local bin into the global bins. Every concurrent
// access to a bin is atomic.

__kernel void histogram(__global const uchar *data, int n, __global uint *bins) {
  __local uint lbins[256];
  uint lid = get_local_id(0);
  for (uint b = lid; b < 256; b += get_local_size(0))
    lbins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&lbins[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < 256; b += get_local_size(0))
    atomic_add(&bins[b], lbins[b]);
}
