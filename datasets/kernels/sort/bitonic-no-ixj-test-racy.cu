//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
// Bitonic sort without the ixj > tid test: both members of a pair work on
// it. At k = 2, j = 1, thread 0 swaps s[0] and s[1] (when s[0] > s[1]) while
// thread 1 reads s[1] and s[0] in the same phase.

__global__ void bitonic_sort(const int *in, int *out) {
  __shared__ int s[256];
  unsigned tid = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + tid;
  s[tid] = in[gid];
  __syncthreads();
  for (unsigned k = 2; k <= blockDim.x; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned ixj = tid ^ j;
      {
        int a = s[tid], b = s[ixj];
        bool ascending = (tid & k) == 0;
        if ((a > b) == ascending) {
          s[tid] = b;
          s[ixj] = a;
        }
      }
      __syncthreads();
    }
  }
  out[gid] = s[tid];
}
