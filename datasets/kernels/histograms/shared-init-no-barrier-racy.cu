//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Shared-memory histogram with no barrier after zeroing the bins: thread 5
// writes sbins[5] = 0 while another thread whose element has value 5 does
// atomicAdd(&sbins[5], 1): a plain write and an atomic in one phase race.

#define NBINS 256

__global__ void histogram_shared(const unsigned char *data, int n, unsigned int *bins) {
  __shared__ unsigned int sbins[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    sbins[b] = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    atomicAdd(&sbins[data[i]], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    atomicAdd(&bins[b], sbins[b]);
}
