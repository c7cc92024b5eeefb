//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// WEFT Sec. 4, error kind 1, deadlock (the paper's Listing 1 shape): warp 0
// waits on barrier 2 for warp 1's arrival, which comes only after warp 1's
// own wait on barrier 3, which waits for warp 0. A cyclic wait.

__global__ void cyclic_wait(float *out) {
  __shared__ float s[64];
  int warp = threadIdx.x / 32;
  s[threadIdx.x] = threadIdx.x;
  if (warp == 0) {
    asm volatile("bar.sync 2, 64;");
    asm volatile("bar.arrive 3, 64;");
  } else {
    asm volatile("bar.sync 3, 64;");
    asm volatile("bar.arrive 2, 64;");
  }
  out[threadIdx.x] = s[threadIdx.x];
}
