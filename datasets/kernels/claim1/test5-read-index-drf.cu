//pass
//--blockDim=64 --gridDim=1
// Claim 1, test 5 (read-index, Fig. 16), DRF version: each thread reads back
// the cell it just wrote (no other thread writes A[tid]), so x == tid and
// A[x] = 0 writes the thread's own cell. The paper's tool reports a false
// alarm here; racecert must keep the written value and prove it DRF.

__global__ void read_index() {
  __shared__ int A[65];
  int tid = threadIdx.x;
  A[tid] = tid;
  int x = A[tid];
  A[x] = 0;
}
