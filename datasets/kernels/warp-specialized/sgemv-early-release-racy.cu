//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// sgemv-double-buffer-drf.cu releasing each buffer too early: the compute
// warps arrive on its empty barrier before reading the tile, so the DMA
// warps may write the next tile into sx0 while they still read the previous
// one (a race across two generations of barriers 1/2).
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
      if (t + 2 < TILES) dma0.start_async_dma();  // BUG: released before the tile is read
      acc += dot_tile(a_row + t * TILE, dma0.buffer());
      dma1.wait_for_dma_finish();
      acc += dot_tile(a_row + (t + 1) * TILE, dma1.buffer());
      if (t + 2 < TILES) dma1.start_async_dma();
    }
    y[blockIdx.x * COMPUTE_THREADS + threadIdx.x] = acc;
  }
}
