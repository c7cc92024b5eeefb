//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Odd-even transposition sort without the parity test: in every phase
// thread 0 works on s[0], s[1] and thread 1 on s[1], s[2], so both may access
// s[1] (a swap writes it) in the same phase.

__global__ void odd_even_sort(int *data) {
  __shared__ int s[128];
  unsigned tid = threadIdx.x;
  unsigned n = blockDim.x;
  int *d = data + blockIdx.x * n;
  s[tid] = d[tid];
  __syncthreads();
  for (unsigned phase = 0; phase < n; phase++) {
    if (tid + 1 < n) {
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
