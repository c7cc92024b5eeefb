//pass
//--blockDim=64 --gridDim=4
// Grid phases and block phases together: the first grid phase gathers
// every block's partial sum into partial[blockIdx.x] (a block barrier
// orders the shared reduction), the grid barrier, then block 0 alone
// combines the partial sums of all blocks. Only the grid barrier orders
// block 0's reads of partial[] after the other blocks' writes. DRF.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void grid_sum(const int *in, int *partial, int *total) {
  __shared__ int s[64];
  cg::grid_group grid = cg::this_grid();
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  for (unsigned half = 32; half > 0; half >>= 1) {
    if (t < half) s[t] += s[t + half];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
  grid.sync();
  if (blockIdx.x == 0 && t == 0) {
    int sum = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) sum += partial[b];
    *total = sum;
  }
}
