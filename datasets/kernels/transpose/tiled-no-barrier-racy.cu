//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[4,4] -DWIDTH=128 -DHEIGHT=128
// Tiled transpose without the barrier between loading and storing the tile:
// thread (tx=1, ty=0) writes tile[0][1] (j = 0) while thread (tx=0, ty=1)
// reads tile[0][0 + 1] to store it, in the same phase.

#define TILE 32
#define ROWS 8

__global__ void transpose_tiled(float *odata, const float *idata) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * WIDTH + x];
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    odata[(y + j) * HEIGHT + x] = tile[threadIdx.x][threadIdx.y + j];
}
