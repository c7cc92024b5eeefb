//pass
// no launch on purpose: any block and grid size (within CUDA's limits), n a parameter
// Each thread fills its own row of an n-column matrix: row = blockIdx.x *
// blockDim.x + threadIdx.x, cells row * n + k for k < n, guarded by
// row < rows. Distinct threads own distinct rows for every launch and every
// n (products of symbolic sizes throughout), as long as the matrix has
// fewer than 2^31 cells.
__global__ void fill_rows(float *m, int rows, int n) {
#ifdef __RACECERT__
  __requires(blockDim.x <= 1024 && gridDim.x <= 65535);
  __requires(rows >= 0 && n >= 0 && rows * (long long)n < 2147483648LL);
#endif
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows)
    for (int k = 0; k < n; ++k) m[row * n + k] = k;
}
