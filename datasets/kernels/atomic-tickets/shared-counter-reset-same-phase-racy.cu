//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Thread 0 zeroes the counter in the phase where the others increment it:
// the write races with the atomics, and two threads may get slot 0.
__global__ void gather_no_barrier(const int *in, int *out) {
  __shared__ unsigned count;
  __shared__ int buf[128];
  if (threadIdx.x == 0) count = 0;
  unsigned slot = atomicAdd(&count, 1);
  buf[slot] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
