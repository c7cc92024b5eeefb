//pass
//--blockDim=128 --gridDim=4
// Odd-even transposition sort of blockDim.x keys in shared memory: in phase
// p only the threads with tid % 2 == p % 2 compare s[tid] and s[tid + 1], so
// the pairs of one phase are disjoint; a barrier closes each phase. Each
// thread writes back its own cell of its block's segment.

__global__ void odd_even_sort(int *data) {
  __shared__ int s[128];
  unsigned tid = threadIdx.x;
  unsigned n = blockDim.x;
  int *d = data + blockIdx.x * n;
  s[tid] = d[tid];
  __syncthreads();
  for (unsigned phase = 0; phase < n; phase++) {
    if ((tid & 1) == (phase & 1) && tid + 1 < n) {
      int a = s[tid], b = s[tid + 1];
      if (a > b) {
        s[tid] = b;
        s[tid + 1] = a;
      }
    }
    __syncthreads();
  }
  d[tid] = s[tid];
}
