//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// A grid barrier that only the even blocks reach: every thread of the grid
// must reach a grid barrier, so this is barrier divergence (the odd blocks
// never arrive), although the condition is the same for a whole block.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void half_grid(int *data) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x % 2 == 0) {
    int right = data[i + 1];
    grid.sync();
    data[i] = right;
  }
}
