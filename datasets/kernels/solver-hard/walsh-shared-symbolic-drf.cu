//pass
// no launch on purpose: blocks of 256 threads (a precondition), log2n a parameter
// Fast Walsh-Hadamard transform of 2^log2n-element blocks in dynamic shared
// memory, for every log2n < 16 and every grid of at most 65536 blocks (so
// that the block offsets fit 32 bits): a barrier before every stage; thread
// pos owns the pair lo + 2 * (pos - lo) and that plus stride (lo = pos &
// (stride - 1)), disjoint across threads. (With the block size left open as
// well, the queries of s still time out: docs/smt-encoding.md "Speed".)
__global__ void walsh_shared(float *data, int log2n) {
#ifdef __RACECERT__
  __requires(log2n >= 1 && log2n < 16 && gridDim.x <= 65536 && blockDim.x == 256);
#endif
  extern __shared__ float s[];
  int n = 1 << log2n;
  float *block = data + (blockIdx.x << log2n);
  for (int pos = threadIdx.x; pos < n; pos += blockDim.x) s[pos] = block[pos];
  for (int stride = n >> 1; stride > 0; stride >>= 1) {
    __syncthreads();
    for (int pos = threadIdx.x; pos < n / 2; pos += blockDim.x) {
      int lo = pos & (stride - 1);
      int i0 = ((pos - lo) << 1) + lo;
      int i1 = i0 + stride;
      float a = s[i0], b = s[i1];
      s[i0] = a + b;
      s[i1] = a - b;
    }
  }
  __syncthreads();
  for (int pos = threadIdx.x; pos < n; pos += blockDim.x) block[pos] = s[pos];
}
