//xfail:NOT_ALL_VERIFIED
// no launch on purpose: blockDim.x = 2^log2b, a parameter
// Shift-indexed tree sum for every block size with the barrier outside
// the level loop: thread 2 writes s[2] at level 0 while thread 0 reads it
// at level 1, in one phase.
__global__ void tree_sum(float *out, const float *in, int log2b) {
#ifdef __RACECERT__
  __requires(log2b >= 0 && log2b <= 10 && blockDim.x == (1 << log2b));
#endif
  extern __shared__ float s[];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int level = 0; level < log2b; ++level) {
    if ((t & ((2 << level) - 1)) == 0) s[t] += s[t + (1 << level)];
  }
  __syncthreads();
  if (t == 0) out[blockIdx.x] = s[0];
}
