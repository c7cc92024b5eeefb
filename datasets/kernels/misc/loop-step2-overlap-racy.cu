//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// Loop with step 2 that also reads one cell past its pair: thread t reads
// s[2t + 2] (s[i + 1] += s[i + 2]) while thread t + 1 writes s[2(t + 1)], in
// the same phase (threads 0 and 1 on s[2]).

__global__ void pairs_overlap(const float *in, float *out) {
  __shared__ float s[258];
  unsigned t = threadIdx.x;
  const float *bin = in + blockIdx.x * 256;
  for (unsigned i = 2 * t; i < 256; i += 2 * blockDim.x) {
    s[i] = bin[i];
    s[i + 1] = bin[i + 1];
    s[i + 1] += s[i + 2];
  }
  __syncthreads();
  for (unsigned i = t; i < 256; i += blockDim.x)
    out[blockIdx.x * 256 + i] = s[i];
}
