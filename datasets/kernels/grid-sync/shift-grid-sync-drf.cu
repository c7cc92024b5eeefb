//pass
//--blockDim=64 --gridDim=8
// In-place left shift over the whole grid: every thread reads its right
// neighbour (which may belong to the next block), a grid barrier, then it
// writes its own cell. The grid barrier orders the read of one block before
// the write of another. DRF.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift_left(int *data) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int right = data[i + 1];
  grid.sync();
  data[i] = right;
}
