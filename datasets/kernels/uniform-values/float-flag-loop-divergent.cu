//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// As float-flag-loop-drf.cu, but each thread tests its own element,
// params[t] > 0: threads of one block may disagree, and the barriers in the
// loop are then reached by some threads only (barrier divergence).
__global__ void optional_block_sum(const float *params, float *data) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[t] = data[blockIdx.x * 256 + t];
  __syncthreads();
  if (params[t] > 0.0f) {
    for (unsigned s = 128; s > 0; s >>= 1) {
      if (t < s) tile[t] += tile[t + s];
      __syncthreads();
    }
  }
  if (t == 0) data[blockIdx.x * 256] = tile[0];
}
