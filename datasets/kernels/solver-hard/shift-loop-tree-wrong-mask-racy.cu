//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// The shift-indexed tree sum with the writer test (1 << level) - 1 instead
// of (2 << level) - 1: at level 1, thread 2 writes s[2] while thread 0
// reads it.
#define LOG2B 8

__global__ void tree_sum(float *out, const float *in) {
  __shared__ float s[1 << LOG2B];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int level = 0; level < LOG2B; ++level) {
    if ((t & ((1 << level) - 1)) == 0) s[t] += s[t + (1 << level)];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
