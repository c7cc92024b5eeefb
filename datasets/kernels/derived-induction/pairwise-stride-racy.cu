//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// The pairwise tree sum with the partner one stride up but the writer at
// stride*tid (not 2*stride*tid): at stride 1, thread 0 reads s[1] while
// thread 1 writes s[1] in the same step.
__global__ void pairwise_sum_overlapping(const int *in, int *out) {
  __shared__ int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  s[tid + 128] = in[blockIdx.x * 256 + tid + 128];
  unsigned stride = 1;
  for (unsigned active = 128; active > 0; active >>= 1) {
    __syncthreads();
    if (tid < active)
      s[stride * tid] += s[stride * tid + stride];
    stride <<= 1;
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
