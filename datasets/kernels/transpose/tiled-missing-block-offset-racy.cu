//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[4,4] -DWIDTH=128 -DHEIGHT=128
// Tiled transpose whose store forgets the block offset of the output column
// (x = threadIdx.x instead of blockIdx.y * TILE + threadIdx.x): blocks (0,0)
// and (0,1) both write odata[ty * HEIGHT + tx] with values from different
// input tiles. A global-memory race between blocks; the barrier cannot help.

#define TILE 32
#define ROWS 8

__global__ void transpose_tiled_no_offset(float *odata, const float *idata) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * WIDTH + x];
  __syncthreads();
  x = threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    odata[(y + j) * HEIGHT + x] = tile[threadIdx.x][threadIdx.y + j];
}
