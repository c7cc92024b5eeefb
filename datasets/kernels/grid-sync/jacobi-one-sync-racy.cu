//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// The smoothing of jacobi-cg-sync-drf.cu without the grid barrier after
// the writes: the write u[i] of sweep s and the neighbours' reads of sweep
// s + 1 are in one phase: thread 0 writes u[0] while thread 1 reads it as
// its left neighbour (and, across blocks, thread 0 of block 1 writes u[128]
// while thread 127 of block 0 reads it).
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
  }
}
