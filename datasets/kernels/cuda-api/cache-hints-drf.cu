//pass
//--blockDim=64 --gridDim=4
// Loads and stores with cache hints are plain accesses: each thread reads
// and writes its own element.
__global__ void stream(float *out, const float *in, const float *bias) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  float v = __ldcs(&in[t]) + __ldg(&bias[t % 64]) + __ldca(&in[t]);
  __stcs(&out[t], v);
}
