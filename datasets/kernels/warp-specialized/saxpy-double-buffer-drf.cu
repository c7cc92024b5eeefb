//pass
//--blockDim=128 --gridDim=4
// CudaDMA-style saxpy, double-buffered (dma_lib.cuh): two buffer pairs, each
// with its own DMA objects and barriers (1-4 and 5-8), so warps 2-3 fill
// one pair while warps 0-1 compute out = a*x + y from the other.
#include "dma_lib.cuh"

#define COMPUTE_THREADS 64
#define DMA_THREADS 64
#define TILES 8  // even: tiles alternate between the two buffer pairs

__global__ void saxpy_double(float a, const float *x, const float *y, float *out) {
  __shared__ float sx0[COMPUTE_THREADS], sy0[COMPUTE_THREADS], sx1[COMPUTE_THREADS], sy1[COMPUTE_THREADS];
  dma::DmaSequential<true, 1> dma_x0(1, 2, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sx0);
  dma::DmaSequential<true, 1> dma_y0(3, 4, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sy0);
  dma::DmaSequential<true, 1> dma_x1(5, 6, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sx1);
  dma::DmaSequential<true, 1> dma_y1(7, 8, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sy1);
  int base = blockIdx.x * TILES * COMPUTE_THREADS;
  if (dma_x0.owns_this_thread()) {
    for (int t = 0; t < TILES; t += 2) {
      dma_x0.execute_dma(x + base + t * COMPUTE_THREADS);
      dma_y0.execute_dma(y + base + t * COMPUTE_THREADS);
      dma_x1.execute_dma(x + base + (t + 1) * COMPUTE_THREADS);
      dma_y1.execute_dma(y + base + (t + 1) * COMPUTE_THREADS);
    }
  } else {
    dma_x0.start_async_dma();
    dma_y0.start_async_dma();
    dma_x1.start_async_dma();
    dma_y1.start_async_dma();
    for (int t = 0; t < TILES; t += 2) {
      dma_x0.wait_for_dma_finish();
      dma_y0.wait_for_dma_finish();
      out[base + t * COMPUTE_THREADS + threadIdx.x] = a * sx0[threadIdx.x] + sy0[threadIdx.x];
      if (t + 2 < TILES) {
        dma_x0.start_async_dma();
        dma_y0.start_async_dma();
      }
      dma_x1.wait_for_dma_finish();
      dma_y1.wait_for_dma_finish();
      out[base + (t + 1) * COMPUTE_THREADS + threadIdx.x] = a * sx1[threadIdx.x] + sy1[threadIdx.x];
      if (t + 2 < TILES) {
        dma_x1.start_async_dma();
        dma_y1.start_async_dma();
      }
    }
  }
}
