//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// As params-struct-device-fn-drf.cu, but the kernel swaps the buffers in a
// local copy it passes on: the output is read by other threads that also
// write it.
struct Buffers {
  const float *in;
  float *out;
  int n;
};

__device__ void scale_one(Buffers b, int i, float k) {
  if (i + 1 < b.n) b.out[i + 1] = k * b.in[i];
}

__global__ void scale_all_in_place(float *data, int n, float k) {
  Buffers b = {data, data, n};
  scale_one(b, blockIdx.x * blockDim.x + threadIdx.x, k);
}
