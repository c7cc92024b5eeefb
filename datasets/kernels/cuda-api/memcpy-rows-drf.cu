//pass
//--blockDim=64 --gridDim=4
// Device-side memcpy of one 16-float row per thread, then memset of the
// thread's own 4-int flags: the byte ranges of different threads are
// disjoint.
__global__ void copy_rows(float *dst, const float *src, int *flags) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(dst + 16 * t, src + 16 * t, 16 * sizeof(float));
  memset(&flags[4 * t], 0, 4 * sizeof(int));
}
