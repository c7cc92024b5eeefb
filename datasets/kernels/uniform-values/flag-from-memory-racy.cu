//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The same uniform branch, but the second barrier is missing: a thread's
// next write of s[t] races with its neighbour's read of it. Reading the flag
// as per-thread would report divergence here and hide the race.
__global__ void rotate_if_enabled(const int *config, int *out) {
  __shared__ int s[64];
  if (config[0] == 22) {
    for (int i = 0; i < 4; i++) {
      s[threadIdx.x] = i + (int)threadIdx.x;
      __syncthreads();
      out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
    }
  }
}
