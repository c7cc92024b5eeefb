//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Ping-pong smoothing whose barrier sits before the swap is missing: the
// next iteration writes the buffer that neighbours still read.
__global__ void smooth_swap_nobar(const float *in, float *out, int iters) {
  __shared__ float ping[130];
  __shared__ float pong[130];
  float *cur = ping, *next = pong;
  unsigned t = threadIdx.x;
  cur[t + 1] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int it = 0; it < iters; it++) {
    next[t + 1] = 0.5f * (cur[t] + cur[t + 2]);
    float *swap = cur;
    cur = next;
    next = swap;
  }
  out[blockIdx.x * blockDim.x + t] = cur[t + 1];
}
