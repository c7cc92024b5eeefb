//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
// The diagonal-reordered transpose without its barrier: thread (1,0)
// writes tile[0][1] while thread (0,1) reads it.
#define TILE 16

__global__ void transpose_diagonal(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int by_ = blockIdx.x;
  int bx_ = (blockIdx.x + blockIdx.y) % gridDim.x;
  int x = bx_ * TILE + threadIdx.x;
  int y = by_ * TILE + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  x = by_ * TILE + threadIdx.x;
  y = bx_ * TILE + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
