//pass
//--blockDim=64 --gridDim=1
// Claim 1, test 3 (last-iter, Fig. 15), DRF version: the last thread does
// not write A[tid+1], so A[tid+1] covers 1..63 and A[tid+blockDim.x] covers
// 64..127; the barrier at the top of each iteration orders the iterations.

__global__ void last_iter(const int *in, int N) {
  __shared__ int A[128];
  unsigned tid = threadIdx.x;
  for (int x = 0; x < N; x++) {
    __syncthreads();
    if (tid < blockDim.x - 1)
      A[tid + 1] = in[tid];
    A[tid + blockDim.x] = in[tid + 64];
  }
}
