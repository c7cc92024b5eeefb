//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// Rows of 16 floats copied every 8 floats: thread t writes bytes
// [32t, 32t + 64) of dst, thread t + 1 writes [32t + 32, ...): they overlap.
__global__ void copy_rows(float *dst, const float *src) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(dst + 8 * t, src + 16 * t, 16 * sizeof(float));
}
