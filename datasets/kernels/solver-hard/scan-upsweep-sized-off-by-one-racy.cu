//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// The sized up-sweep whose right cell forgets the - 1: at the first level
// thread 0 writes s[2] while thread 1 reads it.
__global__ void upsweep(int *data, int n) {
#ifdef __RACECERT__
  __requires(n == 64);
#endif
  __shared__ int s[128];
  int t = threadIdx.x;
  s[2 * t] = data[blockIdx.x * 128 + 2 * t];
  s[2 * t + 1] = data[blockIdx.x * 128 + 2 * t + 1];
  int step = 1;
  for (int d = n; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int left = step * (2 * t + 1) - 1;
      int right = step * (2 * t + 2);
      s[right] += s[left];
    }
    step *= 2;
  }
  __syncthreads();
  data[blockIdx.x * 128 + 2 * t] = s[2 * t];
  data[blockIdx.x * 128 + 2 * t + 1] = s[2 * t + 1];
}
