//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,8] --gridDim=[4,4] --warp-sync=32
// In-place mirror of the columns of an 8x8 tile: thread (x, y) writes
// tile[y][x] the value of tile[7 - y][x]. Rows 0-3 and rows 4-7 are
// different warps (linear id x + 8*y): thread (0,0) reads tile[7][0] while
// thread (0,7) writes it; a data race.

__global__ void mirror_columns(float *a) {
  __shared__ float tile[8][8];
  unsigned x = threadIdx.x, y = threadIdx.y;
  unsigned g = (blockIdx.y * 8 + y) * 32 + blockIdx.x * 8 + x;
  tile[y][x] = a[g];
  __syncthreads();
  tile[y][x] = tile[7 - y][x];
  __syncthreads();
  a[g] = tile[y][x];
}
