//pass
//--blockDim=256 --gridDim=8
// Whole-array sum: a tree reduction per block, then thread 0 of every block
// adds its block's sum to *total with atomicAdd. The atomics of different
// blocks on total[0] do not race.

__global__ void sum_atomic(const float *in, float *total, int n) {
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
    atomicAdd(total, sdata[0]);
}
