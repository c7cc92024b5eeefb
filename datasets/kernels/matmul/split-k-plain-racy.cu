//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,4,4]
// Split-K matrix multiply with a plain C[...] += partial: blocks (x, y, 0)
// and (x, y, 1) read and write the same C[row * n + col] (any n >= 1), a
// global-memory race between blocks that no barrier can order.

__global__ void matmul_split_k(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int chunk = (n + gridDim.z - 1) / gridDim.z;
  int k0 = blockIdx.z * chunk;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = k0; k < k0 + chunk && k < n; k++)
      sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] += sum;
  }
}
