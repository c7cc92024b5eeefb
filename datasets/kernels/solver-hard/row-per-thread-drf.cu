//pass
//--blockDim=128 --gridDim=64
// Each thread fills its own row of an n-column matrix, n a parameter:
// cell (blockIdx.x * blockDim.x + threadIdx.x) * n + k for k < n. Rows of
// distinct threads are disjoint for every n (a product of the thread id and
// a symbolic size).
__global__ void fill_rows(float *m, const float *v, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) m[row * n + k] = v[row] * k;
}
