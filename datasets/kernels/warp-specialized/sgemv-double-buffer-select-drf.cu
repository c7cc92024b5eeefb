//pass
//--blockDim=128 --gridDim=4
// sgemv-double-buffer-drf.cu written with one loop over the tiles: each
// step picks its DMA object by parity (`Dma &cur = t % 2 ? dma1 : dma0`), so
// racecert follows a reference that may name either object.
#include "dma_lib.cuh"

#define COMPUTE_THREADS 64
#define DMA_THREADS 64
#define TILE 128  // 2 floats per DMA thread
#define TILES 8
#define N (TILE * TILES)  // columns of A

typedef dma::DmaSequential<true, TILE / DMA_THREADS> Dma;

__global__ void sgemv_select(const float *A, const float *x, float *y) {
  __shared__ float sx0[TILE], sx1[TILE];
  Dma dma0(1, 2, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sx0);
  Dma dma1(3, 4, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sx1);
  if (dma0.owns_this_thread()) {
    for (int t = 0; t < TILES; ++t) (t % 2 ? dma1 : dma0).execute_dma(x + t * TILE);
  } else {
    const float *a_row = A + (blockIdx.x * COMPUTE_THREADS + threadIdx.x) * N;
    float acc = 0;
    dma0.start_async_dma();
    dma1.start_async_dma();
    for (int t = 0; t < TILES; ++t) {
      Dma &cur = t % 2 ? dma1 : dma0;
      cur.wait_for_dma_finish();
      const float *tile = cur.buffer();
      for (int j = 0; j < TILE; ++j) acc += a_row[t * TILE + j] * tile[j];
      if (t + 2 < TILES) cur.start_async_dma();
    }
    y[blockIdx.x * COMPUTE_THREADS + threadIdx.x] = acc;
  }
}
