//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Odd threads add 0: they get the counter's value without moving it, so an
// odd thread and the next even thread can both get slot s and write buf[s].
__global__ void gather_some(const int *in, int *out) {
  __shared__ unsigned count;
  __shared__ int buf[128];
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  unsigned slot = atomicAdd(&count, threadIdx.x % 2 == 0 ? 1 : 0);
  buf[slot] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
