//pass
//--blockDim=128 --gridDim=16
// A struct of pointers handed by value to a device function, as kernels
// with many buffers do.
struct Buffers {
  const float *in;
  float *out;
  int n;
};

__device__ void scale_one(Buffers b, int i, float k) {
  if (i < b.n) b.out[i] = k * b.in[i];
}

__global__ void scale_all(Buffers b, float k) {
  scale_one(b, blockIdx.x * blockDim.x + threadIdx.x, k);
}
