//pass
//--blockDim=256 --gridDim=16
// The tree sum runs only when params[0] > 0. Every thread reads params[0],
// which the kernel never writes, so all threads of a block compare the same
// value and take the same branch: the barriers inside are reached
// uniformly. The comparison is a floating-point one.
__global__ void optional_block_sum(const float *params, float *data) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = data[blockIdx.x * 256 + t];
  __syncthreads();
  if (params[0] > 0.0f) {
    for (unsigned s = 128; s > 0; s >>= 1) {
      if (t < s) tile[t] += tile[t + s];
      __syncthreads();
    }
  }
  if (t == 0) data[blockIdx.x * 256] = tile[0];
}
