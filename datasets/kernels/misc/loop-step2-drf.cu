//pass
//--blockDim=64 --gridDim=4
// Loop with step 2 * blockDim.x starting at 2 * tid: thread t swaps the pair
// of cells (i, i + 1) for i = 2t, 2t + 128; pairs of distinct threads are
// disjoint. A barrier, then a block-stride loop reads mirrored cells.

__global__ void swap_pairs(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  const float *bin = in + blockIdx.x * 256;
  for (unsigned i = 2 * t; i < 256; i += 2 * blockDim.x) {
    s[i] = bin[i + 1];
    s[i + 1] = bin[i];
  }
  __syncthreads();
  for (unsigned i = t; i < 256; i += blockDim.x)
    out[blockIdx.x * 256 + i] = s[i] + s[255 - i];
}
