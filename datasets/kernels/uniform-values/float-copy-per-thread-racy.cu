//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The same broadcast, but each thread copies its own cell: different
// values into one shared cell. (float-copy-uniform-drf.cu: one cell.)
__global__ void broadcast_scale(const float *scale, float *out) {
  __shared__ float s;
  float v = scale[threadIdx.x];
  if (threadIdx.x < 32) s = v;
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = s;
}
