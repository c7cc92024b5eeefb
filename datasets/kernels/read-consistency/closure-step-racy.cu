//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=1
// As closure-step-drf.cu, but the own cell is not tested first: in step
// k = 1, thread (0, 1) may write m[0][1] (when m[0][1] and m[1][1] are
// non-empty) while thread (0, 2) reads m[0][1] as its m[y][k].
#define T 16
__global__ void closure_tile(int *graph) {
  __shared__ int m[T][T];
  int x = threadIdx.x, y = threadIdx.y;
  m[y][x] = graph[y * T + x];
  __syncthreads();
  for (int k = 0; k < T; ++k) {
    if (m[y][k] != 0 && m[k][x] != 0) {
      m[y][x] = k + 1;
    }
    __syncthreads();
  }
  graph[y * T + x] = m[y][x];
}
