//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Claim 1, test 1, Listing 2.1 (right): the one-dimensional simplification.
// Racy: no barrier after the j loop, so with N >= 2 and M >= 2 thread 0 reads
// tile[1] (r = 0, j = 1) while thread 1 writes tile[1] (r = 1).

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
  }
  out[tid] = acc;
}
