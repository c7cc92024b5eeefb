//pass
//--blockDim=128 --gridDim=4
// Strided store out[gid * stride]: distinct threads hit distinct cells when
// stride != 0; the precondition 1 <= stride <= 64 states it (and keeps the
// product small). Racy twin: strided-store-racy.cu.

__global__ void strided_store(float *out, const float *in, int stride) {
#ifdef __RACECERT__
  __requires(stride >= 1 && stride <= 64);
#endif
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid * stride] = in[gid];
}
