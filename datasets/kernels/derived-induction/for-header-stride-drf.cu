//pass
//--blockDim=128 --gridDim=64
// The row offset moves in the for header beside the row counter
// (`r++, offset += stride`), by the grid's width, a loop-invariant amount:
// row r starts at r * stride, and each thread of the grid owns one column.
__global__ void fill_rows(int *out, int rows) {
  unsigned stride = blockDim.x * gridDim.x;
  unsigned column = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned offset = 0;
  for (int r = 0; r < rows; r++, offset += stride) {
    out[offset + column] = r;
  }
}
