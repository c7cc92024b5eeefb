//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// A copy whose length is only known at run time: with len > 4 bytes, the
// bytes thread t writes from 4t reach thread t + 1's.
__global__ void copy_prefix(char *dst, const char *src, int len) {
  memcpy(dst + 4 * threadIdx.x, src, len);
}
