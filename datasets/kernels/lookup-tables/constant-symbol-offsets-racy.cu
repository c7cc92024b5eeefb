//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The table of const-offsets-drf.cu in __constant__ memory without const:
// the host may overwrite it before the launch (cudaMemcpyToSymbol), so its
// initializer proves nothing, and with offsets like {0, 4, ...} threads
// t and t + 1 would meet. racecert reads its values as unknown.
__constant__ int kOffsets[4] = {0, 1, 2, 3};

__global__ void fill_quads(int *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; k++) out[t * 4 + kOffsets[k]] = k;
}
