//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Claim 1, test 2 (first-iter, Fig. 15), racy version: the write A[tid+1]
// before the loop shares its phase with the write A[tid] of the first
// iteration (x = 0): thread t writes A[t+1] = in[t] while thread t+1 writes
// A[t+1] = in[t+1]. Needs N >= 1.

__global__ void first_iter(const int *in, int N) {
  __shared__ int A[65];
  int tid = threadIdx.x;
  A[tid + 1] = in[tid];
  for (int x = 0; x < N; x++) {
    A[tid] = in[tid] + x;
    __syncthreads();
  }
}
