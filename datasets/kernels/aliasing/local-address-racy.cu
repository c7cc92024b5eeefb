//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// As local-address-drf.cu, but the helper drops the block from the row:
// threads with the same threadIdx.x in different blocks write one cell.
__device__ void split_index(unsigned g, unsigned *row, unsigned *col) {
  *row = 0;
  *col = g % 64;
}

__global__ void scatter_bad(int *grid_out) {
  unsigned r, c;
  split_index(blockIdx.x * blockDim.x + threadIdx.x, &r, &c);
  grid_out[r * 64 + c] = blockIdx.x;
}
