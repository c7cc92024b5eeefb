//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Shared-memory histogram with a plain sbins[data[i]]++ instead of an atomic:
// two threads whose elements fall in the same bin (data[i1] == data[i2])
// read and write that bin in the same phase.

#define NBINS 256

__global__ void histogram_shared(const unsigned char *data, int n, unsigned int *bins) {
  __shared__ unsigned int sbins[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    sbins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    sbins[data[i]]++;
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    atomicAdd(&bins[b], sbins[b]);
}
