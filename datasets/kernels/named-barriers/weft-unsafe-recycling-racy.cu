//xfail:NOT_ALL_VERIFIED
//--blockDim=96 --gridDim=1
// WEFT Sec. 4, error kind 3, unsafe barrier recycling (the Heptane reuse of
// barrier 2 in the paper's Fig. 2, with the ordering path removed): warp 0
// only arrives on generation 1 of barrier 5, and nothing orders warp 2's
// registration for generation 2 (nor warp 0's own sync) after generation
// 1's completion, so either may join generation 1 instead of warp 1.

__global__ void unsafe_recycling(float *out) {
  __shared__ float a[32], b[32];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  __syncthreads();
  if (warp == 0) {
    a[lane] = lane;
    asm volatile("bar.arrive 5, 64;");
  } else if (warp == 1) {
    asm volatile("bar.sync 5, 64;");
    out[lane] = a[lane];
  } else {
    b[lane] = lane;
    asm volatile("bar.arrive 5, 64;");
  }
  if (warp == 0) {
    asm volatile("bar.sync 5, 64;");
    out[32 + lane] = b[lane];
  }
}
