//pass
//--blockDim=64 --gridDim=4
// Each thread scans its own row for a zero and jumps out of both loops to
// `found`; every write after the label is to the thread's own cell.
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
  col[row] = -1;
  return;
found:
  col[row] = c;
}
