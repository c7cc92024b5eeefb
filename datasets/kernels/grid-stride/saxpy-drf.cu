//pass
//--blockDim=256 --gridDim=4
// SAXPY with a grid-stride loop: thread g handles i = g, g + 1024, g + 2048,
// ... (1024 = blockDim.x * gridDim.x), so the cells of distinct threads
// differ modulo 1024 and each y[i] is read and written by one thread only.

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
