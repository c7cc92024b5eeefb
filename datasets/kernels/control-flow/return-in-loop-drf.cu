//pass
//--blockDim=128 --gridDim=2
// An inlined search returns from inside its loops; each thread writes only
// its own result cell.
__device__ int find(const int *keys, int n, int key) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < 2; ++j) {
      if (keys[2 * i + j] == key) return 2 * i + j;
    }
  }
  return -1;
}

__global__ void lookup(const int *keys, const int *queries, int *out, int n) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = find(keys, n, queries[t]);
}
