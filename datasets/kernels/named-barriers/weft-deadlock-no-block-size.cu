//xfail:NOT_ALL_VERIFIED
//--gridDim=1
//racecert: unknown (no block size: the named barriers, which deadlock here, are not checked)
// The cyclic wait of weft-deadlock-racy.cu without a block size (no
// --blockDim, no __launch_bounds__): the named-barrier check cannot run one
// block, so the kernel is unknown, never drf.

__global__ void cyclic_wait_unsized(float *out) {
  __shared__ float s[64];
  int warp = threadIdx.x / 32;
  s[threadIdx.x % 64] = threadIdx.x;
  if (warp == 0) {
    asm volatile("bar.sync 2, 64;");
    asm volatile("bar.arrive 3, 64;");
  } else {
    asm volatile("bar.sync 3, 64;");
    asm volatile("bar.arrive 2, 64;");
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x % 64];
}
