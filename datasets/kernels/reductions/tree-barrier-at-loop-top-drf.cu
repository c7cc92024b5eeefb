//pass
//--blockDim=256 --gridDim=8
// Tree reduction with the barrier at the top of the loop instead of the end:
// it still separates the load from the first step and each step from the
// next. After the loop only thread 0 reads sdata[0], which it wrote itself in
// the last step (s = 1), so the missing final barrier does no harm.

__global__ void reduce_tree_top_barrier(const float *in, float *out, int n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    __syncthreads();
    if (tid < s)
      sdata[tid] += sdata[tid + s];
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
