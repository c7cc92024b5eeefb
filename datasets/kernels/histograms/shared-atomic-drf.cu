//pass
//--blockDim=256 --gridDim=8
// Histogram privatised in shared memory: the bins are zeroed (each by one
// thread), a barrier, then a grid-stride loop adds to sbins[data[i]] with
// atomicAdd (bins chosen by the data, but only atomics touch them in that
// phase), a barrier, then each bin is added atomically to the global bins.

#define NBINS 256

__global__ void histogram_shared(const unsigned char *data, int n, unsigned int *bins) {
  __shared__ unsigned int sbins[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    sbins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    atomicAdd(&sbins[data[i]], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    atomicAdd(&bins[b], sbins[b]);
}
