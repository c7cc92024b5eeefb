//pass
//--blockDim=64 --gridDim=2
// Rotation inside tiles of 16 threads: each thread reads the next cell of
// its own tile of 16 between two tile.sync() calls of a
// thread_block_tile<16>, which order the threads of that tile. DRF.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void rotate16(const int *in, int *out) {
  __shared__ int s[64];
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
  unsigned tid = threadIdx.x;
  unsigned base = tid / 16 * 16;
  s[tid] = in[blockIdx.x * 64 + tid];
  tile.sync();
  int next = s[base + (tid + 1) % 16];
  tile.sync();
  s[tid] = next;
  out[blockIdx.x * 64 + tid] = s[tid];
}
