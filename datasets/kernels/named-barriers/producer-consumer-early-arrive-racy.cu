//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// The write-after-read bug shape of the WEFT paper (RTM): consumers signal
// "empty" (bar.arrive 2) before their last read of buf, so the producers'
// next write of buf[0] (warp 0) races with warp 2's read of buf[0].
#define STEPS 4

__device__ void named_sync(int id, int n) { asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n)); }
__device__ void named_arrive(int id, int n) { asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n)); }

__global__ void pipeline_early_arrive(const float *in, float *out) {
  __shared__ float buf[64];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  if (warp < 2) {
    for (int s = 0; s < STEPS; ++s) {
      if (s > 0) named_sync(2, 128);
      buf[warp * 32 + lane] = in[(blockIdx.x * STEPS + s) * 64 + warp * 32 + lane];
      named_arrive(1, 128);
    }
  } else {
    for (int s = 0; s < STEPS; ++s) {
      named_sync(1, 128);
      float first = buf[(warp - 2) * 32 + lane];
      if (s < STEPS - 1) named_arrive(2, 128);
      float again = buf[(warp - 2) * 32 + lane];
      out[(blockIdx.x * STEPS + s) * 64 + (warp - 2) * 32 + lane] = first + again;
    }
  }
}
