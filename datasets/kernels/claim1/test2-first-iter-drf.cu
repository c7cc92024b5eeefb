//pass
//--blockDim=64 --gridDim=1
// Claim 1, test 2 (first-iter, Fig. 15), DRF version: the loop writes A[tid]
// only from its second iteration on, after a barrier, so the write A[tid+1]
// before the loop is alone in its phase.

__global__ void first_iter(const int *in, int N) {
  __shared__ int A[65];
  int tid = threadIdx.x;
  A[tid + 1] = in[tid];
  for (int x = 0; x < N; x++) {
    if (x > 0)
      A[tid] = in[tid] + x;
    __syncthreads();
  }
}
