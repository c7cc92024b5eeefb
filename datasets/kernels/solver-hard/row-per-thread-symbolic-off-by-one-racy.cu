//xfail:NOT_ALL_VERIFIED
// no launch on purpose: any block and grid size (within CUDA's limits), n a parameter
// The symbolic row fill with k <= n: the last cell of row r is the first
// of row r + 1 (threads 0 and 1, both writing m[n]).
__global__ void fill_rows(float *m, int rows, int n) {
#ifdef __RACECERT__
  __requires(blockDim.x <= 1024 && gridDim.x <= 65535);
  __requires(rows >= 0 && n >= 0 && rows * (long long)n < 2147483648LL);
#endif
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows)
    for (int k = 0; k <= n; ++k) m[row * n + k] = k;
}
