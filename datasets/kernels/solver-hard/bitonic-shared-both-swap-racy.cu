//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=32
// Bitonic sort with partner > tid dropped in favour of partner != tid:
// both members of a pair work on it, so at k = 2, j = 1 thread 0 may write
// s[1] while thread 1 reads it.
#define N 512

__global__ void bitonic_shared(unsigned *keys) {
  __shared__ unsigned s[N];
  unsigned tid = threadIdx.x;
  s[tid] = keys[blockIdx.x * N + tid];
  __syncthreads();
  for (unsigned k = 2; k <= N; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned partner = tid ^ j;
      if (partner != tid) {
        unsigned lo = s[tid], hi = s[partner];
        bool up = (tid & k) == 0;
        if (up ? lo > hi : lo < hi) {
          s[tid] = hi;
          s[partner] = lo;
        }
      }
      __syncthreads();
    }
  }
  keys[blockIdx.x * N + tid] = s[tid];
}
