//pass
//--blockDim=128 --gridDim=4
// A loop with break and continue: thread gid scans its K = 8 elements
// gid*8 + k, stops at n (break), skips non-negative ones (continue) and
// writes out[gid*8 + k] otherwise. Each cell belongs to one thread.

#define K 8

__global__ void negate_negatives(const float *in, float *out, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < K; k++) {
    int i = gid * K + k;
    if (i >= n)
      break;
    if (in[i] >= 0.0f)
      continue;
    out[i] = -in[i];
  }
}
