//pass
//--blockDim=256 --gridDim=8
// Interleaved-addressing reduction: at step s the threads with
// tid % (2*s) == 0 add sdata[tid + s]. Writers are multiples of 2s, the cells
// read are s modulo 2s, so no thread reads a cell another writes; a barrier
// closes each step.

__global__ void reduce_interleaved(const int *in, int *out) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
