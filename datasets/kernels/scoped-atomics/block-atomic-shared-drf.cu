//pass
//--blockDim=64 --gridDim=4
// Block-scope atomics on shared memory: only the block's own threads see
// the array, so they never race.
__global__ void shared_histogram(const int *in, int *out) {
  __shared__ int bins[16];
  if (threadIdx.x < 16) bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd_block(&bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 15], 1);
  __syncthreads();
  if (threadIdx.x < 16) out[blockIdx.x * 16 + threadIdx.x] = bins[threadIdx.x];
}
