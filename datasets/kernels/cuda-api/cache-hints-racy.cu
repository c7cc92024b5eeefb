//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// A streaming store to out[t / 2]: threads 0 and 1 write out[0] with
// different values.
__global__ void stream(float *out, const float *in) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  __stcg(&out[t / 2], __ldcg(&in[t]));
}
