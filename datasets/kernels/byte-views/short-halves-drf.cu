//pass
//--blockDim=64 --gridDim=1
// Each thread writes the two 16-bit halves of its own int, then, after the
// barrier, reads its neighbour's int.
__global__ void short_halves(int *out) {
  __shared__ int s[64];
  ((short *)s)[2 * threadIdx.x] = 1;
  ((short *)s)[2 * threadIdx.x + 1] = 2;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
