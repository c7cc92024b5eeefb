//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// Barrier 1 is configured for 128 threads by the producers' bar.arrive but
// the consumers sync with a count of 96: a count mismatch (undefined
// behaviour on the hardware, a deadlock or a corrupted generation).

__global__ void count_mismatch(float *out) {
  __shared__ float buf[64];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  if (warp < 2) {
    buf[warp * 32 + lane] = lane;
    asm volatile("bar.arrive 1, 128;");
  } else {
    asm volatile("bar.sync 1, 96;");
    out[threadIdx.x] = buf[(warp - 2) * 32 + lane];
  }
}
