//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The flag's array is written in the kernel (thread 0 of each block may
// change config[0] while others read it): threads may disagree, so the
// barrier under the branch is divergent.
__global__ void rotate_if_enabled(int *config, int *out) {
  __shared__ int s[64];
  if (config[0] == 22) {
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
  }
  if (threadIdx.x == 0) config[0] = 0;
}
