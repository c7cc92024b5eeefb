//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Naive matrix multiply, no shared memory and no barrier: thread (row, col)
// reads a row of A and a column of B and writes C[row * n + col] once. With
// col < n the cells of distinct threads differ, for every n.

__global__ void matmul_naive(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; k++)
      sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
  }
}
