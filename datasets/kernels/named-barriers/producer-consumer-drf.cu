//pass
//--blockDim=128 --gridDim=4
// Warp-specialized pipeline: producer warps 0-1 fill buf, consumer warps 2-3
// read it. Barrier 1 says "full" (producers arrive, consumers sync), barrier
// 2 says "empty" (consumers arrive, producers sync), 128 threads each.
#define STEPS 8

__device__ void named_sync(int id, int n) { asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n)); }
__device__ void named_arrive(int id, int n) { asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n)); }

__global__ void pipeline(const float *in, float *out) {
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
      out[(blockIdx.x * STEPS + s) * 64 + (warp - 2) * 32 + lane] = buf[(warp - 2) * 32 + lane] * 2.0f;
      if (s < STEPS - 1) named_arrive(2, 128);
    }
  }
}
