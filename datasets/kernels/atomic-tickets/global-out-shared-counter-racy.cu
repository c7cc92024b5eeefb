//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// A shared counter numbers the threads of one block only: thread 0 of
// block 0 and thread 0 of block 1 both get slot 0 of the global output.
__global__ void compact_wrong(const int *in, int *out) {
  __shared__ unsigned count;
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  unsigned pos = atomicAdd(&count, 1);
  out[pos] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
