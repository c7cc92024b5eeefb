//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=2
// The search writes a miss marker into keys[0] when the loop ends without
// returning: every thread that misses writes it while others read it.
__device__ int find(int *keys, int n, int key) {
  for (int i = 0; i < n; ++i) {
    if (keys[i] == key) return i;
  }
  keys[0] = key;
  return -1;
}

__global__ void lookup(int *keys, const int *queries, int *out, int n) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = find(keys, n, queries[t]);
}
