//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// saxpy-single-buffer-drf.cu with a missing arrive: the compute warps never
// release y's buffer before the first tile, so warps 2-3 wait on barrier 4
// (64 of 128 threads) and warps 0-1 on barrier 3, which warps 2-3 never
// reach: a deadlock.
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
    dma_x.start_async_dma();  // BUG: dma_y's buffer is never released before the first tile
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
