//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Tree reduction with an off-by-one partner index (tid + s - 1): at any step
// s >= 2, thread 0 reads sdata[s - 1] while thread s - 1 (also < s) writes
// sdata[s - 1], in the same phase.

__global__ void reduce_tree_off_by_one(const float *in, float *out, int n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s - 1];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
