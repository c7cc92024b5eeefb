//pass
//--blockDim=256 --gridDim=8
// Tree reduction in shared memory: at each step the threads tid < s add the
// upper half (sdata[tid] += sdata[tid + s]); the barrier after each step
// orders the writes of step s before the reads of step s/2. Thread 0 writes
// the block's sum to out[blockIdx.x], one cell per block.

__global__ void reduce_tree(const float *in, float *out, int n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
