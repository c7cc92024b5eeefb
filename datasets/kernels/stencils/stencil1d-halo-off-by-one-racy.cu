//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4 -DRADIUS=3 -DBLOCK=128
// 1D halo stencil with an off-by-one right halo (buf[l + BLOCK - 1]): thread
// 0 writes buf[BLOCK + RADIUS - 1] = in[g + BLOCK + RADIUS] while thread
// BLOCK - 1 writes the same cell with its interior element
// in[g + BLOCK - 1 + RADIUS]: two writes of different values, one phase.

__global__ void stencil_1d(const float *in, float *out, const float *weights) {
  __shared__ float buf[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  buf[l] = in[g + RADIUS];
  if (threadIdx.x < RADIUS) {
    buf[l - RADIUS] = in[g];
    buf[l + BLOCK - 1] = in[g + BLOCK + RADIUS];
  }
  __syncthreads();
  float acc = 0.0f;
  for (int k = -RADIUS; k <= RADIUS; k++)
    acc += weights[k + RADIUS] * buf[l + k];
  out[g] = acc;
}
