//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[2,2]
// Claim 1, test 1 (transposeDiagonal, Listing 2.1 left), racy version: the
// tile is transposed nreps times with no barrier after the read loop, so the
// reads tile[tx][ty+i] of repetition r meet the writes tile[ty+i][tx] of r+1:
// with nreps >= 2, thread (0,1) reads tile[0][1] while thread (1,0) writes it.
// odata is DRF: width == height == 64 and the diagonal block map is a bijection.

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
  }
}
