//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Tiled matrix multiply C = A * B (n x n) with 16 x 16 shared tiles of A and
// B. Each iteration of k loads one tile of each, synchronises, accumulates,
// and synchronises again before the next load overwrites the tiles. The
// store is guarded by row < n && col < n, so it is DRF for every n.

#define TILE 16

__global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int k = 0; k < n / TILE; k++) {
    As[ty][tx] = A[row * n + k * TILE + tx];
    Bs[ty][tx] = B[(k * TILE + ty) * n + col];
    __syncthreads();
    for (int e = 0; e < TILE; e++)
      sum += As[ty][e] * Bs[e][tx];
    __syncthreads();
  }
  if (row < n && col < n)
    C[row * n + col] = sum;
}
