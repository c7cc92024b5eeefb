//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// As guarded-uniform-copy-drf.cu, but each lane of the first warp loads its
// own cfg[threadIdx.x]: lanes 0 and 1 store different values to slot[0] in
// the same phase.
__global__ void first_warp_copies(const int *cfg, int *out) {
  __shared__ int slot[1];
  if (threadIdx.x < 32) {
    int v = cfg[threadIdx.x];
    slot[0] = v;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = slot[0];
}
