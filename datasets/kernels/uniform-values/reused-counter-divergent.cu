//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// As reused-counter-drf.cu, but the reduction loop continues from the
// stride loop's final value instead of starting over: that value depends on
// the thread (it is the first i >= n of t, t + 64, ...), so threads run
// different numbers of iterations and reach the barrier unevenly.
__global__ void stride_then_reduce(const int *in, int *out, int n) {
  __shared__ int partial[64];
  unsigned t = threadIdx.x;
  int i;
  int sum = 0;
  for (i = t; i < n; i += 64) sum += in[blockIdx.x * n + i];
  partial[t] = sum;
  for (i = i - n; i > 0; i >>= 1) {
    __syncthreads();
    if (t < 32) partial[t] += partial[t + 32];
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}
