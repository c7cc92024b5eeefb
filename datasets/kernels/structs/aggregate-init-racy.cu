//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// As aggregate-init-drf.cu, but the stride initialized to 0 makes every
// thread write dst[0].
struct Pair {
  const float *src;
  float *dst;
  int stride;
};

__global__ void copy_pair_zero_stride(const float *in, float *out) {
  Pair p = {in, out};
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p.dst[i * p.stride] = p.src[i];
}
