//xfail:NOT_ALL_VERIFIED
// no launch on purpose: the grid need not be square here
// The diagonal-reordered transpose without the square-grid precondition:
// with gridDim = (1, 2), blocks (0,0) and (0,1) both get tile (0, 0), and
// their threads (0,0) both write out[0].
#define TILE 16

__global__ void transpose_diagonal(float *out, const float *in, int n) {
#ifdef __RACECERT__
  __requires(blockDim.x == TILE && blockDim.y == TILE);
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
