//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The same fill with a wrong table: offset 4 is the next thread's first
// cell, so threads t and t + 1 both write out[4t + 4].
__device__ const int kOffsets[4] = {0, 1, 2, 4};

__global__ void fill_quads(int *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; k++) out[t * 4 + kOffsets[k]] = k;
}
