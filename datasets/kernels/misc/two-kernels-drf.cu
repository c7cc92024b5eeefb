//pass
//--blockDim=128 --gridDim=4
// Two DRF kernels in one file: an element-wise scale (one cell per thread)
// and a neighbour difference through shared memory with a barrier between
// the store and the neighbour read.

__global__ void scale(float *data, float factor) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  data[gid] *= factor;
}

__global__ void neighbour_diff(const float *in, float *out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t] = in[gid];
  __syncthreads();
  out[gid] = s[(t + 1) % 128] - s[t];
}
