//pass
//--blockDim=64 --gridDim=4
// Every thread of the first half of a block copies the same cell of a
// float array the kernel never writes into one shared cell: they all read
// one value and write it, a benign write. (A load inside the branch would
// be per-thread: the uniformity analysis counts the branch as control.)
__global__ void broadcast_scale(const float *scale, float *out) {
  __shared__ float s;
  float v = scale[0];
  if (threadIdx.x < 32) s = v;
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = s;
}
