//pass
//--blockDim=128 --gridDim=4
// CudaDMA-style sgemv y = A x (dma_lib.cuh), double-buffered: two tiles of x
// in flight, each with its own DMA object and barriers (1/2 and 3/4); warps
// 2-3 fill one while each thread of warps 0-1 reduces its row of A over the
// other.
#include "dma_lib.cuh"

#define COMPUTE_THREADS 64
#define DMA_THREADS 64
#define TILE 128  // 2 floats per DMA thread
#define TILES 8   // even: tiles alternate between the two buffers
#define N (TILE * TILES)  // columns of A

__device__ float dot_tile(const float *a_row, const float *tile) {
  float acc = 0;
  for (int j = 0; j < TILE; ++j) acc += a_row[j] * tile[j];
  return acc;
}

__global__ void sgemv_double(const float *A, const float *x, float *y) {
  __shared__ float sx0[TILE], sx1[TILE];
  dma::DmaSequential<true, TILE / DMA_THREADS> dma0(1, 2, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sx0);
  dma::DmaSequential<true, TILE / DMA_THREADS> dma1(3, 4, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sx1);
  if (dma0.owns_this_thread()) {
    for (int t = 0; t < TILES; t += 2) {
      dma0.execute_dma(x + t * TILE);
      dma1.execute_dma(x + (t + 1) * TILE);
    }
  } else {
    const float *a_row = A + (blockIdx.x * COMPUTE_THREADS + threadIdx.x) * N;
    float acc = 0;
    dma0.start_async_dma();
    dma1.start_async_dma();
    for (int t = 0; t < TILES; t += 2) {
      dma0.wait_for_dma_finish();
      acc += dot_tile(a_row + t * TILE, dma0.buffer());
      if (t + 2 < TILES) dma0.start_async_dma();
      dma1.wait_for_dma_finish();
      acc += dot_tile(a_row + (t + 1) * TILE, dma1.buffer());
      if (t + 2 < TILES) dma1.start_async_dma();
    }
    y[blockIdx.x * COMPUTE_THREADS + threadIdx.x] = acc;
  }
}
