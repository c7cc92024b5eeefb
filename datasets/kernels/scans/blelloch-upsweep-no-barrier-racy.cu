//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Blelloch scan with the barrier missing from the up-sweep: thread 2 writes
// temp[5] (the load, then bi at offset 1) while thread 1 reads temp[5] as ai
// at offset 2, all in one phase. The down-sweep is correctly synchronised.

__global__ void scan_blelloch(const int *in, int *out) {
  __shared__ int temp[256];
  unsigned tid = threadIdx.x;
  unsigned n = 2 * blockDim.x;
  const int *bin = in + blockIdx.x * n;
  int *bout = out + blockIdx.x * n;
  temp[2 * tid] = bin[2 * tid];
  temp[2 * tid + 1] = bin[2 * tid + 1];
  unsigned offset = 1;
  for (unsigned d = n >> 1; d > 0; d >>= 1) {
    if (tid < d) {
      unsigned ai = offset * (2 * tid + 1) - 1;
      unsigned bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (tid == 0)
    temp[n - 1] = 0;
  for (unsigned d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      unsigned ai = offset * (2 * tid + 1) - 1;
      unsigned bi = offset * (2 * tid + 2) - 1;
      int t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  bout[2 * tid] = temp[2 * tid];
  bout[2 * tid + 1] = temp[2 * tid + 1];
}
