//pass
//--blockDim=96 --gridDim=2
// The lane rotation of syncwarp-mask-rotate-drf.cu with cooperative groups:
// a tiled_partition<32> of the block is one warp, and tile.sync() orders its
// threads. DRF.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate(const int *in, int *out) {
  __shared__ int s[96];
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  unsigned tid = threadIdx.x;
  unsigned base = tid / 32 * 32;
  s[tid] = in[blockIdx.x * 96 + tid];
  tile.sync();
  int next = s[base + (tid + 1) % 32];
  tile.sync();
  s[tid] = next;
  out[blockIdx.x * 96 + tid] = s[tid] + 1;
}
