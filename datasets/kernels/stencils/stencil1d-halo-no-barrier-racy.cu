//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4 -DRADIUS=3 -DBLOCK=128
// 1D halo stencil without the barrier between the loads and the combine:
// thread 1 reads buf[1 + RADIUS - 1] (k = -1) while thread 0 writes that
// cell (its own interior load), in the same phase.

__global__ void stencil_1d(const float *in, float *out, const float *weights) {
  __shared__ float buf[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  buf[l] = in[g + RADIUS];
  if (threadIdx.x < RADIUS) {
    buf[l - RADIUS] = in[g];
    buf[l + BLOCK] = in[g + BLOCK + RADIUS];
  }
  float acc = 0.0f;
  for (int k = -RADIUS; k <= RADIUS; k++)
    acc += weights[k + RADIUS] * buf[l + k];
  out[g] = acc;
}
