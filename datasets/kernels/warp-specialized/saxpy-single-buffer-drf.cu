//pass
//--blockDim=128 --gridDim=4
// CudaDMA-style saxpy, single-buffered (dma_lib.cuh): warps 2-3 load x and y
// tiles into shared memory (one DMA object each, barriers 1/2 and 3/4),
// warps 0-1 compute out = a*x + y from them.
#include "dma_lib.cuh"

#define COMPUTE_THREADS 64
#define DMA_THREADS 64
#define TILES 8

__global__ void saxpy_single(float a, const float *x, const float *y, float *out) {
  __shared__ float sx[COMPUTE_THREADS], sy[COMPUTE_THREADS];
  dma::DmaSequential<true, 1> dma_x(1, 2, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sx);
  dma::DmaSequential<true, 1> dma_y(3, 4, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sy);
  int base = blockIdx.x * TILES * COMPUTE_THREADS;
  if (dma_x.owns_this_thread()) {
    for (int t = 0; t < TILES; ++t) {
      dma_x.execute_dma(x + base + t * COMPUTE_THREADS);
      dma_y.execute_dma(y + base + t * COMPUTE_THREADS);
    }
  } else {
    dma_x.start_async_dma();
    dma_y.start_async_dma();
    for (int t = 0; t < TILES; ++t) {
      dma_x.wait_for_dma_finish();
      dma_y.wait_for_dma_finish();
      out[base + t * COMPUTE_THREADS + threadIdx.x] = a * sx[threadIdx.x] + sy[threadIdx.x];
      if (t + 1 < TILES) {
        dma_x.start_async_dma();
        dma_y.start_async_dma();
      }
    }
  }
}
