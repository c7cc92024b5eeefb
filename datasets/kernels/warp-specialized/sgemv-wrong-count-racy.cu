//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// sgemv-single-buffer-drf.cu with a wrong thread count: the DMA object is
// built for 32 compute threads while warps 0-1 (64 threads) use it, so
// barriers 1 and 2 expect 96 threads where 128 arrive: the first 96
// arrivals complete a generation and the rest start the next one.
#include "dma_lib.cuh"

#define COMPUTE_THREADS 64
#define DMA_THREADS 64
#define TILE 128  // 2 floats per DMA thread
#define TILES 4
#define N (TILE * TILES)  // columns of A

__global__ void sgemv_single(const float *A, const float *x, float *y) {
  __shared__ float sx[TILE];
  dma::DmaSequential<true, TILE / DMA_THREADS> dma_x(1, 2, DMA_THREADS, 32, COMPUTE_THREADS, sx);  // BUG: 32 compute threads
  if (dma_x.owns_this_thread()) {
    for (int t = 0; t < TILES; ++t) dma_x.execute_dma(x + t * TILE);
  } else {
    int row = blockIdx.x * COMPUTE_THREADS + threadIdx.x;
    float acc = 0;
    dma_x.start_async_dma();
    for (int t = 0; t < TILES; ++t) {
      dma_x.wait_for_dma_finish();
      for (int j = 0; j < TILE; ++j) acc += A[row * N + t * TILE + j] * sx[j];
      if (t + 1 < TILES) dma_x.start_async_dma();
    }
    y[row] = acc;
  }
}
