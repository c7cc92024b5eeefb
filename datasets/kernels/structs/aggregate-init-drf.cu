//pass
//--blockDim=128 --gridDim=8
// A struct of pointers built with an aggregate initializer, then used.
struct Pair {
  const float *src;
  float *dst;
  int stride;
};

__global__ void copy_pair(const float *in, float *out) {
  Pair p = {in, out, 1};
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p.dst[i * p.stride] = p.src[i];
}
