//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Interleaved-addressing reduction without the barrier in the loop: at s = 1
// thread 2 writes sdata[2], and at s = 2 (same phase) thread 0 reads
// sdata[0 + 2].

__global__ void reduce_interleaved_no_barrier(const int *in, int *out) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
