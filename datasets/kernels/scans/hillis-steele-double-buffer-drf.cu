//pass
//--blockDim=128 --gridDim=4
// Hillis-Steele exclusive scan per block with two buffers in extern shared
// memory (2 * blockDim.x floats). The ping-pong index pout = 1 - pout is the
// same in every thread, so each step reads one half and writes the other; a
// barrier closes each step.

__global__ void scan_double_buffer(const float *in, float *out) {
  extern __shared__ float temp[];
  unsigned n = blockDim.x;
  unsigned tid = threadIdx.x;
  const float *bin = in + blockIdx.x * n;
  float *bout = out + blockIdx.x * n;
  int pout = 0, pin = 1;
  temp[pout * n + tid] = (tid > 0) ? bin[tid - 1] : 0.0f;
  __syncthreads();
  for (unsigned offset = 1; offset < n; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (tid >= offset)
      temp[pout * n + tid] = temp[pin * n + tid] + temp[pin * n + tid - offset];
    else
      temp[pout * n + tid] = temp[pin * n + tid];
    __syncthreads();
  }
  __syncthreads();
  bout[tid] = temp[pout * n + tid];
}
