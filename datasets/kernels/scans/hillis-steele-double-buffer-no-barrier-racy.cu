//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Double-buffered Hillis-Steele scan with the barrier missing from the loop:
// at offset 2 (pout = 0) thread 2 reads temp[n + 0], which thread 0 writes at
// offset 1 (pout = 1) in the same phase; thread 0 also writes temp[0] at
// offset 2 while thread 1 reads it at offset 1.

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
  }
  __syncthreads();
  bout[tid] = temp[pout * n + tid];
}
