//pass
//--blockDim=128 --gridDim=4
// CudaDMA-style sgemv y = A x (dma_lib.cuh), single-buffered: warps 2-3 load
// tiles of x into shared memory (barriers 1/2); each thread of warps 0-1
// owns one row of A and reads every element of the tile.
#include "dma_lib.cuh"

#define COMPUTE_THREADS 64
#define DMA_THREADS 64
#define TILE 128  // 2 floats per DMA thread
#define TILES 4
#define N (TILE * TILES)  // columns of A

__global__ void sgemv_single(const float *A, const float *x, float *y) {
  __shared__ float sx[TILE];
  dma::DmaSequential<true, TILE / DMA_THREADS> dma_x(1, 2, DMA_THREADS, COMPUTE_THREADS, COMPUTE_THREADS, sx);
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
