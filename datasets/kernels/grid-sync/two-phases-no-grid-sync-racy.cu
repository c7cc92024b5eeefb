//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// grid_sum of two-phases-block-sync-drf.cu with a block barrier where the
// grid barrier was: thread 0 of block 0 reads partial[1] while thread 0 of
// block 1 writes it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void grid_sum(const int *in, int *partial, int *total) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  for (unsigned half = 32; half > 0; half >>= 1) {
    if (t < half) s[t] += s[t + half];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
  __syncthreads();
  if (blockIdx.x == 0 && t == 0) {
    int sum = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) sum += partial[b];
    *total = sum;
  }
}
