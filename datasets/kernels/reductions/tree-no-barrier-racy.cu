//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Tree reduction with the barrier missing from the loop: at s = 128 thread 64
// writes sdata[64], and at s = 64 (same phase) thread 0 reads sdata[0 + 64].

__global__ void reduce_tree_no_barrier(const float *in, float *out, int n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
