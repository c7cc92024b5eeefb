//pass
//--local_size=64 --num_groups=4
// OpenCL 1D stencil (radius 2) with the halo in __local memory: every
// work-item loads its element, the first R work-items also load both halo
// cells (disjoint from the interior), a barrier, then each combines 5 cells.
// `in` is padded by R on each side.

#define R 2

__kernel void stencil(__global const float *in, __global float *out) {
  __local float buf[64 + 2 * R];
  uint lid = get_local_id(0);
  uint g = get_global_id(0);
  buf[lid + R] = in[g + R];
  if (lid < R) {
    buf[lid] = in[g];
    buf[lid + R + 64] = in[g + 64 + R];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float acc = 0.0f;
  for (int k = -R; k <= R; k++)
    acc += buf[lid + R + k];
  out[g] = acc / (2 * R + 1);
}
