//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// As float-guarded-copy-drf.cu, but each thread copies its own element
// scale[t] when it is at least 1: threads 0 and 1 write different values to
// cached[0] in the same phase.
__global__ void broadcast_scale(const double *scale, double *out) {
  __shared__ double cached[2];
  unsigned t = threadIdx.x;
  if (scale[t] >= 1.0) cached[0] = scale[t];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = cached[0];
}
