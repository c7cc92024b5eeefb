//pass
//--blockDim=[32,8] --gridDim=[2,2]
// Claim 1, test 1 (transposeDiagonal, Listing 2.1 left), DRF version: the
// barrier at the end of each repetition separates the reads of repetition r
// from the writes of r+1. odata is DRF: width == height == 64 (precondition)
// and the diagonal block reordering is a bijection on the 2x2 grid.

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeDiagonal(float *odata, const float *idata, int width, int height, int nreps) {
#ifdef __RACECERT__
  __requires(width == 64 && height == 64);
#endif
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];

  // Diagonal reordering of the blocks (square matrix on a square grid).
  int blockIdx_y = blockIdx.x;
  int blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;

  int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + yIndex * width;
  xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + yIndex * height;

  for (int r = 0; r < nreps; r++) {
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
      tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
      odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
    __syncthreads();
  }
}
