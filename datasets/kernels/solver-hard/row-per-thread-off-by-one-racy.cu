//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
// Rows of n columns filled with k <= n: the last cell of row r is the first
// of row r + 1, so threads 0 and 1 both write m[n] (n = 1: m[1]).
__global__ void fill_rows(float *m, const float *v, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k <= n; ++k) m[row * n + k] = v[row] * k;
}
