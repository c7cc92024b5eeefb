//pass
//--blockDim=[8,4] --gridDim=[4,4] --warp-sync=32
// In-place mirror of each row of an 8x4 tile: thread (x, y) writes
// tile[y][x] the value of tile[y][7 - x]. The 32 threads of the block are
// one warp (linear id x + 8*y) in lock-step: the loads of the statement
// precede its stores. DRF.

__global__ void mirror_rows(float *a) {
  __shared__ float tile[4][8];
  unsigned x = threadIdx.x, y = threadIdx.y;
  unsigned g = (blockIdx.y * 4 + y) * 32 + blockIdx.x * 8 + x;
  tile[y][x] = a[g];
  __syncthreads();
  tile[y][x] = tile[y][7 - x];
  __syncthreads();
  a[g] = tile[y][x];
}
