//pass
//--blockDim=[32,8] --gridDim=[4,4] -DWIDTH=128 -DHEIGHT=128
// Tiled matrix transpose through a padded shared tile (32 x 33, no bank
// conflicts), for a WIDTH x HEIGHT = 128 x 128 matrix on a 4 x 4 grid. Each
// thread loads four rows of the tile, a barrier, then each thread writes four
// cells of the transposed tile; every odata cell has exactly one writer.

#define TILE 32
#define ROWS 8

__global__ void transpose_tiled(float *odata, const float *idata) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * WIDTH + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    odata[(y + j) * HEIGHT + x] = tile[threadIdx.x][threadIdx.y + j];
}
