//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Claim 1, test 3 (last-iter, Fig. 15), racy version: after the barrier of
// an iteration, thread 63 writes A[64] through A[tid+1] while thread 0 writes
// A[64] through A[tid+blockDim.x] (different values). Needs N >= 1.

__global__ void last_iter(const int *in, int N) {
  __shared__ int A[128];
  unsigned tid = threadIdx.x;
  for (int x = 0; x < N; x++) {
    __syncthreads();
    A[tid + 1] = in[tid];
    A[tid + blockDim.x] = in[tid + 64];
  }
}
