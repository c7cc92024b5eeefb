//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// The rotation of tile16-rotate-drf.cu over whole warps of 32 while
// synchronizing only tiles of 16: thread 15 reads s[16] (the next tile)
// while thread 16 writes s[16] after its own tile's sync. The two threads
// are in one warp but not in one tile, and nothing orders them.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate32(const int *in, int *out) {
  __shared__ int s[64];
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
  unsigned tid = threadIdx.x;
  unsigned base = tid / 32 * 32;
  s[tid] = in[blockIdx.x * 64 + tid];
  tile.sync();
  int next = s[base + (tid + 1) % 32];
  tile.sync();
  s[tid] = next;
  out[blockIdx.x * 64 + tid] = s[tid];
}
