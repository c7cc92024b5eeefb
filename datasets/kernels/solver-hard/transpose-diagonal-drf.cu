//pass
//--blockDim=[16,16] --gridDim=[8,8] -DWIDTH=128 -DHEIGHT=128
// Tiled transpose with diagonal block reordering (spreads the blocks over
// memory partitions): block (bx, by) handles tile ((bx + by) % gridDim.x,
// bx). On a square grid that is a bijection of the tiles, and the padded
// shared tile is written and read in different phases.
#define TILE 16

__global__ void transpose_diagonal(float *out, const float *in) {
  __shared__ float tile[TILE][TILE + 1];
  int by_ = blockIdx.x;
  int bx_ = (blockIdx.x + blockIdx.y) % gridDim.x;
  int x = bx_ * TILE + threadIdx.x;
  int y = by_ * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * WIDTH + x];
  __syncthreads();
  x = by_ * TILE + threadIdx.x;
  y = bx_ * TILE + threadIdx.y;
  out[y * HEIGHT + x] = tile[threadIdx.x][threadIdx.y];
}
