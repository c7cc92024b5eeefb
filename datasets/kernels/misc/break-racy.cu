//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// A loop with break that copies up to 8 elements to s[t + k]: when neither
// thread breaks early, thread 0 writes s[1] = in[base + 1] (k = 1) while
// thread 1 writes s[1] = in[base + 8] (k = 0), in the same phase.

__global__ void copy_until_negative(const float *in, float *out) {
  __shared__ float s[128 + 8];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * blockDim.x * 8;
  for (unsigned k = 0; k < 8; k++) {
    float v = in[base + t * 8 + k];
    if (v < 0.0f)
      break;
    s[t + k] = v;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[t];
}
