//pass
//--blockDim=64 --gridDim=8
// Every thread that finds scale[0] >= 1 copies scale[0] into the shared
// cell: all of them test and copy the same value (nothing writes scale), so
// the writes are writes of one value (benign), and the barrier orders them
// before the reads.
__global__ void broadcast_scale(const double *scale, double *out) {
  __shared__ double cached[2];
  if (scale[0] >= 1.0) cached[0] = scale[0];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = cached[0];
}
