//pass
//--blockDim=[16,16] --gridDim=[4,4,4]
// Split-K matrix multiply on a 3D grid: blockIdx.z picks a slice of the k
// range and every slice adds its partial dot product into C with atomicAdd.
// The blocks (x, y, z) for different z update the same C cells, but only
// atomically.

__global__ void matmul_split_k(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int chunk = (n + gridDim.z - 1) / gridDim.z;
  int k0 = blockIdx.z * chunk;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = k0; k < k0 + chunk && k < n; k++)
      sum += A[row * n + k] * B[k * n + col];
    atomicAdd(&C[row * n + col], sum);
  }
}
