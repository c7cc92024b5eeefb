//pass
//--blockDim=2 --gridDim=1
// Claim 1, test 4 (last-iter-first-iter, Fig. 15), DRF version: without the
// "+ 1" the two writes sharing a phase (A[tid+2x] and A[tid+2N]) differ by an
// even number, which threads 0 and 1 cannot make up. Two threads only: with
// three or more, x < N gives real races (see docs/paper-examples.md).

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
      A[tid + z] = z;
      __syncthreads();
    }
  }
}
