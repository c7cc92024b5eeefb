//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// racecert's main example (scripts/run): a block-wide sum reduction in shared
// memory. The tree loop forgot the barrier after each step, so in the second
// step a thread may read partial[tid + s] before its owner wrote it in the previous step.
// Moving __syncthreads() into the loop body makes the kernel data-race free.

#define BLOCK 256

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[BLOCK];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      partial[tid] += partial[tid + s];
    // missing: __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}
