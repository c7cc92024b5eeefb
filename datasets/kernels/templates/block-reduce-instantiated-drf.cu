//pass
//--blockDim=256 --gridDim=4
// Tree reduction with the block size as a template parameter, explicitly
// instantiated for BLOCK = 256 (the header's blockDim): the shared array and
// the loop bound come from the instantiation's argument. DRF.

template <unsigned BLOCK>
__global__ void block_reduce(const float *in, float *out) {
  __shared__ float s[BLOCK];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * BLOCK + t];
  __syncthreads();
  for (unsigned k = BLOCK / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

template __global__ void block_reduce<256>(const float *, float *);
