//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Global histogram with a plain increment: two threads (of the same block or
// of different blocks) whose elements have the same value both read and
// write bins[v] with no atomic and no possible ordering.

#define NBINS 256

__global__ void histogram_global_plain(const unsigned char *data, int n, unsigned int *bins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    unsigned int v = data[i];
    bins[v] = bins[v] + 1;
  }
}
