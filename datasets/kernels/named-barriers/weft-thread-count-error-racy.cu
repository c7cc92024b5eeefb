//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// WEFT Sec. 4, error kind 2, an error state (Sec. 3.3's err): the
// producers configure barrier 4 for 64 threads, the consumers register on
// the same generation expecting 128. The thread counts disagree.

__global__ void thread_count_error(const float *in, float *out) {
  __shared__ float buf[64];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  if (warp < 2) {
    buf[warp * 32 + lane] = in[warp * 32 + lane];
    asm volatile("bar.arrive 4, 64;");
  } else {
    asm volatile("bar.sync 4, 128;");
    out[(warp - 2) * 32 + lane] = buf[(warp - 2) * 32 + lane];
  }
}
