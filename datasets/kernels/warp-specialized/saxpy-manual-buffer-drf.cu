//pass
//--blockDim=128 --gridDim=4
// CudaDMA-style saxpy, manually buffered (dma_lib.cuh): DMA objects without
// DO_SYNC, so the kernel drives the barriers itself. The x and y copies of
// a tile share one barrier pair (1/2): warps 2-3 wait once, copy both, and
// arrive once; warps 0-1 release and wait through dma_x alone.
#include "dma_lib.cuh"

#define COMPUTE_THREADS 64
#define DMA_THREADS 64
#define TILES 8

__global__ void saxpy_manual(float a, const float *x, const float *y, float *out) {
  __shared__ float sx[COMPUTE_THREADS], sy[COMPUTE_THREADS];
  dma::DmaSequential<false, 1> dma_x(1, 2, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sx);
  dma::DmaSequential<false, 1> dma_y(1, 2, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sy);
  int base = blockIdx.x * TILES * COMPUTE_THREADS;
  if (dma_x.owns_this_thread()) {
    for (int t = 0; t < TILES; ++t) {
      dma_x.wait_for_dma_start();
      dma_x.execute_dma(x + base + t * COMPUTE_THREADS);
      dma_y.execute_dma(y + base + t * COMPUTE_THREADS);
      dma_x.finish_async_dma();
    }
  } else {
    dma_x.start_async_dma();
    for (int t = 0; t < TILES; ++t) {
      dma_x.wait_for_dma_finish();
      out[base + t * COMPUTE_THREADS + threadIdx.x] = a * sx[threadIdx.x] + sy[threadIdx.x];
      if (t + 1 < TILES) dma_x.start_async_dma();
    }
  }
}
