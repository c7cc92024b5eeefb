//pass
//--blockDim=128 --gridDim=4 -DRADIUS=3 -DBLOCK=128
// 1D stencil of radius RADIUS with the halo in shared memory: every thread
// loads its element, the first RADIUS threads also load the left and right
// halos (cells 0..R-1 and BLOCK+R..BLOCK+2R-1, disjoint from the interior),
// then a barrier, then each thread combines its 2R+1 neighbours. `in` is
// padded: element g of the signal is in[g + RADIUS].

__global__ void stencil_1d(const float *in, float *out, const float *weights) {
  __shared__ float buf[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  buf[l] = in[g + RADIUS];
  if (threadIdx.x < RADIUS) {
    buf[l - RADIUS] = in[g];
    buf[l + BLOCK] = in[g + BLOCK + RADIUS];
  }
  __syncthreads();
  float acc = 0.0f;
  for (int k = -RADIUS; k <= RADIUS; k++)
    acc += weights[k + RADIUS] * buf[l + k];
  out[g] = acc;
}
