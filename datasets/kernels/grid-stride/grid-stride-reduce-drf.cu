//pass
//--blockDim=256 --gridDim=4
// Sum of n values: each thread first accumulates its grid-stride elements in
// a register (no shared access, no barrier in the thread-dependent loop),
// then the block reduces the partial sums in shared memory and thread 0 adds
// the block's result to *sum atomically.

__global__ void sum_grid_stride(const float *in, float *sum, int n) {
  __shared__ float part[256];
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc += in[i];
  part[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(sum, part[0]);
}
