//pass
//--blockDim=128 --gridDim=4
//racecert: unknown (the barrier's thread count is a kernel parameter)
// A pipeline whose barrier counts come from a parameter: well-synchronized
// when nthreads == 128, but the named-barrier check runs one concrete block
// and cannot know it, so racecert says unknown at the barrier.

__global__ void parametric_count(const float *in, float *out, int nthreads) {
  __shared__ float buf[64];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  if (warp < 2) {
    buf[warp * 32 + lane] = in[blockIdx.x * 64 + warp * 32 + lane];
    asm volatile("bar.arrive 1, %0;" ::"r"(nthreads));
  } else {
    asm volatile("bar.sync 1, %0;" ::"r"(nthreads));
    out[blockIdx.x * 64 + (warp - 2) * 32 + lane] = buf[(warp - 2) * 32 + lane];
  }
}
