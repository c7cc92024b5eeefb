//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
// Bitonic sort with the barrier after the j loop instead of inside it: at
// k = 4, thread 0 (j = 2) may write s[2] while thread 2 (j = 1, ixj = 3)
// reads and may write s[2], in the same phase.

__global__ void bitonic_sort(const int *in, int *out) {
  __shared__ int s[256];
  unsigned tid = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + tid;
  s[tid] = in[gid];
  __syncthreads();
  for (unsigned k = 2; k <= blockDim.x; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned ixj = tid ^ j;
      if (ixj > tid) {
        int a = s[tid], b = s[ixj];
        bool ascending = (tid & k) == 0;
        if ((a > b) == ascending) {
          s[tid] = b;
          s[ixj] = a;
        }
      }
    }
    __syncthreads();
  }
  out[gid] = s[tid];
}
