//pass
//--blockDim=128 --gridDim=4
// Iterated 1-D smoothing in place across the grid, cg::sync(grid) (the
// free-function spelling of grid.sync()) after the reads and after the
// writes of every sweep: the reads of cells of neighbouring blocks and the
// writes never share a grid phase. DRF.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void smooth(float *u, int sweeps) {
  cg::grid_group grid = cg::this_grid();
  unsigned n = gridDim.x * blockDim.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < sweeps; ++s) {
    float left = i > 0 ? u[i - 1] : 0.0f;
    float right = i + 1 < n ? u[i + 1] : 0.0f;
    float mid = u[i];
    cg::sync(grid);
    u[i] = 0.25f * left + 0.5f * mid + 0.25f * right;
    cg::sync(grid);
  }
}
