//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
// OpenCL halo stencil with an off-by-one right halo (buf[lid + R + 63]):
// work-item 0 writes buf[65] = in[g0 + 66] while work-item 63 writes buf[65]
// = in[g0 + 65] as its interior cell, in the same phase.

#define R 2

__kernel void stencil(__global const float *in, __global float *out) {
  __local float buf[64 + 2 * R];
  uint lid = get_local_id(0);
  uint g = get_global_id(0);
  buf[lid + R] = in[g + R];
  if (lid < R) {
    buf[lid] = in[g];
    buf[lid + R + 63] = in[g + 64 + R];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float acc = 0.0f;
  for (int k = -R; k <= R; k++)
    acc += buf[lid + R + k];
  out[g] = acc / (2 * R + 1);
}
