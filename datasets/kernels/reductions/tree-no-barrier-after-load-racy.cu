//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Tree reduction whose loop is synchronised but whose initial load is not:
// thread 128 writes sdata[128] (the load) while thread 0 reads sdata[0 + 128]
// in the first step (s = 128), in the same phase.

__global__ void reduce_tree_unsynced_load(const float *in, float *out, int n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
