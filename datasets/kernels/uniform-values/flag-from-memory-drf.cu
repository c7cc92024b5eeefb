//pass
//--blockDim=64 --gridDim=4
// Every thread reads the same cell of an array the kernel never writes, so
// the branch is the same in the whole grid and its barriers are reached by
// every thread or by none: uniform control, not divergence.
__global__ void rotate_if_enabled(const int *config, int *out) {
  __shared__ int s[64];
  if (config[0] == 22) {
    for (int i = 0; i < 4; i++) {
      s[threadIdx.x] = i + (int)threadIdx.x;
      __syncthreads();
      out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
      __syncthreads();
    }
  }
}
