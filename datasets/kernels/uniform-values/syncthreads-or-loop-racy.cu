//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// The same uniform loop, but each thread updates its neighbour's cell of A,
// which the neighbour reads in the same phase.
__global__ void relax(int *A) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int changed = 1;
  while (__syncthreads_or(changed)) {
    s[t] = A[t];
    __syncthreads();
    int next = s[(t + 1) % 64];
    changed = next > A[t];
    if (changed) A[(t + 1) % 64] = next;
  }
}
