//pass
//--blockDim=256 --gridDim=4
// Bitonic sort of 256 keys per block in shared memory. In step (k, j) the
// pairs {tid, tid ^ j} partition the threads and only the lower member
// (ixj > tid) compares and swaps, so every cell has one owner per step; a
// barrier closes each step.

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
      __syncthreads();
    }
  }
  out[gid] = s[tid];
}
