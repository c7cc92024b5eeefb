//pass
//--blockDim=256 --gridDim=8
// Histogram straight into global memory: a grid-stride loop increments
// bins[data[i]] with atomicInc (wrapping at 0xffffffff) and counts the
// elements above a threshold with atomicAdd on bins[NBINS]. Every access to
// bins is atomic, so threads of all blocks may share bins freely.

#define NBINS 256

__global__ void histogram_global(const unsigned char *data, int n, unsigned int *bins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    unsigned int v = data[i];
    atomicInc(&bins[v], 0xffffffffu);
    if (v >= 128)
      atomicAdd(&bins[NBINS], 1u);
  }
}
