//xfail:NOT_ALL_VERIFIED
//--blockDim=8 --gridDim=1
// A signed int scaled by 2^30 wraps as nvcc compiles it: thread 4's value
// is 2^32, which is 0 in 32 bits, so threads 0 and 4 write slot[0]. Signed
// overflow is undefined in C; racecert follows the hardware where the value
// depends on the launch alone.
__global__ void scaled(int *slot) {
  int t = threadIdx.x;
  int scaled = t * 1073741824;
  slot[scaled >> 30 & 7] = t;
}
