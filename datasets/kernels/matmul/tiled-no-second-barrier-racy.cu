//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,4]
// Tiled matrix multiply without the second barrier: with n >= 32, thread
// (tx=0, ty) reads As[ty][1] in iteration k while thread (tx=1, ty) writes
// As[ty][1] for iteration k + 1, in the same phase (likewise for Bs).

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
  }
  if (row < n && col < n)
    C[row * n + col] = sum;
}
