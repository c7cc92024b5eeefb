//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The same without the first barrier: thread 0 writes the flag while the
// others read it, so threads may disagree and skip the barrier in the
// branch (divergence), besides the race on the flag.
__global__ void maybe_rotate(const int *in, int *out) {
  __shared__ int go;
  __shared__ int s[64];
  if (threadIdx.x == 0) go = in[blockIdx.x] > 0;
  if (go) {
    s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
  }
}
