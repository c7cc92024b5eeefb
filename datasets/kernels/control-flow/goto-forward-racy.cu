//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The same search, but a thread that finds no zero records it in the
// shared cell col[0]: threads 0 and 1 may both write it (and thread 0 also
// writes col[0] after the label).
__global__ void first_zero(const int *m, int *col, int n) {
  unsigned row = blockIdx.x * blockDim.x + threadIdx.x;
  int c = -1;
  for (int j = 0; j < n; ++j) {
    for (int k = 0; k < 4; ++k) {
      if (m[row * n * 4 + j * 4 + k] == 0) {
        c = j * 4 + k;
        goto found;
      }
    }
  }
  col[0] = row;
  return;
found:
  col[row] = c;
}
