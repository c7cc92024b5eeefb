//pass
//--blockDim=64 --gridDim=4
// Thread 0 decides, writes the decision to shared memory, and a barrier
// publishes it: every thread then reads the one cell in an interval where
// no thread writes it, so the branch with barriers is uniform in the block.
__global__ void maybe_rotate(const int *in, int *out) {
  __shared__ int go;
  __shared__ int s[64];
  if (threadIdx.x == 0) go = in[blockIdx.x] > 0;
  __syncthreads();
  if (go) {
    s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
  }
}
