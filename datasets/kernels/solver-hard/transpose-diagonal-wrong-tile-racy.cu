//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8] -DWIDTH=128 -DHEIGHT=128
// Diagonal reordering with blockIdx.y doubled instead of blockIdx.x +
// blockIdx.y: bx_ = (2 * blockIdx.y) % gridDim.x is no bijection. Blocks
// (0,0) and (0,4) get the same tile (0, 0) (8 % 8 = 0), and their threads
// (0,0) both write out[0].
#define TILE 16

__global__ void transpose_diagonal(float *out, const float *in) {
  __shared__ float tile[TILE][TILE + 1];
  int by_ = blockIdx.x;
  int bx_ = (blockIdx.y + blockIdx.y) % gridDim.x;
  int x = bx_ * TILE + threadIdx.x;
  int y = by_ * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * WIDTH + x];
  __syncthreads();
  x = by_ * TILE + threadIdx.x;
  y = bx_ * TILE + threadIdx.y;
  out[y * HEIGHT + x] = tile[threadIdx.x][threadIdx.y];
}
