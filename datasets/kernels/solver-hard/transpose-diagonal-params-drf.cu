//pass
//--blockDim=[16,16] --gridDim=[8,8]
// Diagonal-reordered transpose of an n x n matrix, n a parameter: the tile
// mapping ((bx + by) % gridDim.x, bx) is a bijection on the square grid,
// and `x < n` keeps each output row's columns inside the row, so
// out[y * n + x] has one writer, for every n.
#define TILE 16

__global__ void transpose_diagonal(float *out, const float *in, int n) {
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
