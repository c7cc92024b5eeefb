//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[4,4] -DDIM=64
// OpenCL tiled transpose without the barrier: work-item (lx=1, ly=0) writes
// tile[0][1] while work-item (lx=0, ly=1) reads tile[0][1], in one phase.

#define T 16

__kernel void transpose(__global float *out, __global const float *in) {
  __local float tile[T][T + 1];
  uint lx = get_local_id(0), ly = get_local_id(1);
  uint gx = get_group_id(0) * T + lx, gy = get_group_id(1) * T + ly;
  tile[ly][lx] = in[gy * DIM + gx];
  uint ox = get_group_id(1) * T + lx, oy = get_group_id(0) * T + ly;
  out[oy * DIM + ox] = tile[lx][ly];
}
