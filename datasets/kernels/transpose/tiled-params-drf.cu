//pass
//--blockDim=[32,8] --gridDim=[8,8]
// Tiled transpose of a width x height matrix given as kernel parameters, with
// bounds checks on both sides. A store to odata[(y + j) * height + x] happens
// only when x < height, so distinct (row, column) pairs give distinct cells
// for every width and height: DRF for all parameter values.

#define TILE 32
#define ROWS 8

__global__ void transpose_tiled_params(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
