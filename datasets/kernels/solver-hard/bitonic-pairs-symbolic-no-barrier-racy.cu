//xfail:NOT_ALL_VERIFIED
// no launch on purpose: n = 2 * blockDim.x keys per block, any block size
// Bitonic sort with two keys per thread whose barrier sits at the end of
// each pass instead of its start: the first pass shares a phase with the
// loads. With n = 4, thread 0 compares (and may write) s[0] and s[1] at
// size 2 while thread 1 loads s[1].
__global__ void bitonic_pairs(int *keys, int log2n) {
#ifdef __RACECERT__
  __requires(log2n >= 1 && log2n <= 11 && blockDim.x == (1 << (log2n - 1)) && gridDim.x <= 65536);
#endif
  extern __shared__ int s[];
  int t = threadIdx.x;
  int n = 1 << log2n;
  int *block = keys + blockIdx.x * n;
  s[t] = block[t];
  s[t + n / 2] = block[t + n / 2];
  for (int size = 2; size <= n; size <<= 1) {
    bool up = (t & (size / 2)) == 0;
    for (int stride = size >> 1; stride > 0; stride >>= 1) {
      int pos = 2 * t - (t & (stride - 1));
      int a = s[pos], b = s[pos + stride];
      if ((a > b) == up) {
        s[pos] = b;
        s[pos + stride] = a;
      }
      __syncthreads();
    }
  }
  __syncthreads();
  block[t] = s[t];
  block[t + n / 2] = s[t + n / 2];
}
