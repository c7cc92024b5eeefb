//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Strided-index reduction with the factor 2 forgotten (index = s * tid): at
// s = 1 thread 1 writes sdata[1] while thread 0 reads sdata[0 + 1], in the
// same step.

__global__ void reduce_strided_index_wrong(const int *in, int *out) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = s * tid;
    if (index + s < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
