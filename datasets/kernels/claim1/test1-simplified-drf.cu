//pass
//--blockDim=64 --gridDim=1
// Claim 1, test 1, Listing 2.1 (right): the one-dimensional simplification,
// DRF version: a barrier closes each iteration of r, so the reads tile[tid+j]
// of iteration r never meet the writes tile[tid] of iteration r+1.

__global__ void transpose_simplified(float *out, const float *in, int N, int M) {
#ifdef __RACECERT__
  __requires(M <= 64);
#endif
  __shared__ float tile[128];
  int tid = threadIdx.x;
  float acc = 0.0f;
  for (int r = 0; r < N; r++) {
    for (int i = 0; i < M; i++)
      tile[tid] = in[i * blockDim.x + tid];
    __syncthreads();
    for (int j = 0; j < M; j++)
      acc += tile[tid + j];
    __syncthreads();
  }
  out[tid] = acc;
}
