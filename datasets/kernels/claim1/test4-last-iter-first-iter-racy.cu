//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
// Claim 1, test 4 (last-iter-first-iter, Fig. 15), racy version: the last y
// iteration (A[tid+2x]) shares a phase with the first z iteration
// (A[tid+2N+1]); at x = N thread 1 writes A[2N+1] = N while thread 0 writes
// A[2N+1] = 2N. Two threads, as in the paper (see docs/paper-examples.md).

__global__ void last_iter_first_iter(int N) {
#ifdef __RACECERT__
  __requires(N <= 256);
#endif
  __shared__ int A[1024];
  int tid = threadIdx.x;
  for (int x = 1; x < N + 1; x++) {
    for (int y = 1; y < x + 1; y++) {
      __syncthreads();
      A[tid + x + y] = x;
    }
    for (int z = N * 2; z < N * 3; z++) {
      A[tid + z + 1] = z;
      __syncthreads();
    }
  }
}
