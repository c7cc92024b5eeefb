//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// The left shift of shift-grid-sync-drf.cu with a block barrier instead of
// the grid barrier: thread 63 of block 0 reads data[64] while thread 0 of
// block 1 writes it; __syncthreads() orders neither.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift_left(int *data) {
  cg::thread_block block = cg::this_thread_block();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int right = data[i + 1];
  block.sync();
  data[i] = right;
}
