//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
// As for-header-stride-drf.cu, but the offset moves by one block's width
// only: row 1 of block 0 (thread 0 writes out[128] = 1) overlaps row 0 of
// block 1 (its thread 0 writes out[128] = 0).
__global__ void fill_rows(int *out, int rows) {
  unsigned column = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned offset = 0;
  for (int r = 0; r < rows; r++, offset += blockDim.x) {
    out[offset + column] = r;
  }
}
