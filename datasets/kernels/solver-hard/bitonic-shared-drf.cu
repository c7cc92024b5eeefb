//pass
//--blockDim=512 --gridDim=32
// Bitonic sort of 512 keys per block in shared memory, one key per thread:
// stage k doubles, pass j halves; in each pass only the lower thread of the
// pair {tid, tid ^ j} compares and swaps, and a barrier ends every pass.
#define N 512

__global__ void bitonic_shared(unsigned *keys) {
  __shared__ unsigned s[N];
  unsigned tid = threadIdx.x;
  s[tid] = keys[blockIdx.x * N + tid];
  __syncthreads();
  for (unsigned k = 2; k <= N; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned partner = tid ^ j;
      if (partner > tid) {
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
