//pass
// no launch on purpose: square grids of up to 4096 x 4096 blocks of 16 x 16
// Diagonal-reordered transpose for every grid size: with
// gridDim.x == gridDim.y the tile mapping ((bx + by) % gridDim.x, bx) is a
// bijection, so each out cell has one writer (x < n keeps rows apart).
#define TILE 16

__global__ void transpose_diagonal(float *out, const float *in, int n) {
#ifdef __RACECERT__
  __requires(blockDim.x == TILE && blockDim.y == TILE && gridDim.x == gridDim.y && gridDim.x <= 4096);
#endif
  __shared__ float tile[TILE][TILE + 1];
  int by_ = blockIdx.x;
  int bx_ = (blockIdx.x + blockIdx.y) % gridDim.x;
  int x = bx_ * TILE + threadIdx.x;
  int y = by_ * TILE + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = by_ * TILE + threadIdx.x;
  y = bx_ * TILE + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
