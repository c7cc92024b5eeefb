//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Shared-memory histogram that reads a bin non-atomically right after its
// atomicAdd, to count bins crossing a threshold: thread t reads sbins[v]
// while thread t' (same bin v) does atomicAdd(&sbins[v], 1) in the same
// phase. An atomic and a plain access to one location race.

#define NBINS 256

__global__ void histogram_shared(const unsigned char *data, int n, unsigned int *bins) {
  __shared__ unsigned int sbins[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    sbins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    unsigned int v = data[i];
    atomicAdd(&sbins[v], 1u);
    if (sbins[v] == 1000u)
      atomicAdd(&bins[NBINS], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    atomicAdd(&bins[b], sbins[b]);
}
