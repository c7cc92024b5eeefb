//pass
//--blockDim=32 --gridDim=8
// One thread of the grid sets a flag, cg::sync(grid) (the free-function
// spelling), then every thread reads it and writes its own cell. The grid
// barrier orders the write before the reads of every block. DRF.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void broadcast(int *flag, int *out, int value) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) *flag = value;
  cg::sync(grid);
  out[i] = *flag + 1;
}
