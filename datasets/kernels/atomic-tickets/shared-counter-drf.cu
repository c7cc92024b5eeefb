//pass
//--blockDim=128 --gridDim=4
// Each thread takes a slot of a shared buffer with atomicAdd(&count, 1) and
// writes it: the counter is zeroed by thread 0 before a barrier and only
// incremented after it, so no two threads of a block get the same slot.
__global__ void gather_positive(const int *in, int *out) {
  __shared__ unsigned count;
  __shared__ int buf[128];
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v > 0) {
    unsigned slot = atomicAdd(&count, 1);
    buf[slot] = v;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
