//pass
//--blockDim=256 --gridDim=8
// Interleaved reduction with a strided index instead of a modulo test:
// thread tid works on index = 2*s*tid. Written cells are multiples of 2s,
// read cells index + s are s modulo 2s, so distinct threads never meet; a
// barrier closes each step (the index is non-linear in s and tid).

__global__ void reduce_strided_index(const int *in, int *out) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
