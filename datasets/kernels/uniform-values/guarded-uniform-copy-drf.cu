//pass
//--blockDim=128 --gridDim=8
// Only the first warp loads cfg[0] and stores it to the shared slot. The
// load sits under a condition on the thread, but every thread that runs it
// reads the one cell nobody writes, and only those threads use the value:
// the lanes all store the same value (benign), and the barrier orders the
// reads after.
__global__ void first_warp_copies(const int *cfg, int *out) {
  __shared__ int slot[1];
  if (threadIdx.x < 32) {
    int v = cfg[0];
    slot[0] = v;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = slot[0];
}
