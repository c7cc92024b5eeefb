//pass
//--blockDim=64 --gridDim=1
// A relaxation loop that runs while any thread of the block still changes:
// __syncthreads_or gives every thread the same answer, so the loop and its
// barriers are uniform.
__global__ void relax(int *A) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int changed = 1;
  while (__syncthreads_or(changed)) {
    s[t] = A[t];
    __syncthreads();
    int next = s[(t + 1) % 64];
    changed = next > A[t];
    if (changed) A[t] = next;
  }
}
