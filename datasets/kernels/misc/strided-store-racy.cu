//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Strided store out[gid * stride] without a precondition: with stride = 0
// every thread of the grid writes out[0] (threads 0 and 1 of block 0, with
// values in[0] and in[1]).

__global__ void strided_store(float *out, const float *in, int stride) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid * stride] = in[gid];
}
