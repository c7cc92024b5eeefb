//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Claim 1, test 5 (read-index, Fig. 16), racy version: x == tid, so thread t
// writes A[t+1] = 0 while thread t+1 writes A[t+1] = t+1 (and reads it back),
// with no barrier in between.

__global__ void read_index() {
  __shared__ int A[65];
  int tid = threadIdx.x;
  A[tid] = tid;
  int x = A[tid];
  A[x + 1] = 0;
}
