//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// The counter is zeroed again between two rounds of tickets: thread 0's
// first ticket and thread 1's second ticket can both be 0, and both write
// buf[0] in the last phase.
__global__ void two_rounds(int *out) {
  __shared__ unsigned count;
  __shared__ int buf[128];
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  unsigned first = atomicAdd(&count, 1);
  __syncthreads();
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  unsigned second = atomicAdd(&count, 1);
  buf[first] = 1;
  buf[second] = 2;
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
