//pass
//--blockDim=128 --gridDim=4
// Work-efficient (Blelloch) exclusive scan, 2 * blockDim.x elements per block:
// an up-sweep and a down-sweep over a balanced tree. In each step thread tid
// touches ai = offset*(2tid+1)-1 and bi = offset*(2tid+2)-1, disjoint from the
// cells of every other thread; a barrier opens each step. offset is the same
// in every thread (doubled, then halved).

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
    __syncthreads();
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
