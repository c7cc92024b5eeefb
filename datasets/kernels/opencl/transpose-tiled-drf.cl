//pass
//--local_size=[16,16] --num_groups=[4,4] -DDIM=64
// OpenCL tiled transpose of a DIM x DIM matrix with 16 x 16 work-groups: each
// work-item stores tile[ly][lx], a barrier, then writes the transposed cell
// tile[lx][ly] to its place in out (one writer per cell of out).

#define T 16

__kernel void transpose(__global float *out, __global const float *in) {
  __local float tile[T][T + 1];
  uint lx = get_local_id(0), ly = get_local_id(1);
  uint gx = get_group_id(0) * T + lx, gy = get_group_id(1) * T + ly;
  tile[ly][lx] = in[gy * DIM + gx];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint ox = get_group_id(1) * T + lx, oy = get_group_id(0) * T + ly;
  out[oy * DIM + ox] = tile[lx][ly];
}
