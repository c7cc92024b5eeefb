//pass
// no header launch on purpose: the host code below launches normalize<<<1, BLOCK>>>
// Normalizes a vector of BLOCK values by their sum, in one block: every
// thread adds its value to a shared sum, then divides its own value by it.
// The kernel never reads blockIdx, so with two blocks or more every block
// would write the same out[threadIdx.x]: racy for any launch of several
// blocks, which the program never makes. racecert checks it for the launch
// of run_normalize (one block of 256 threads), where it is DRF.
#define BLOCK 256

__global__ void normalize(const float *in, float *out) {
  __shared__ float partial[BLOCK];
  partial[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  out[threadIdx.x] = in[threadIdx.x] / partial[0];
}

void run_normalize(const float *in, float *out) {
  normalize<<<1, BLOCK>>>(in, out);
}
