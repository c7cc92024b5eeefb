//pass
//--blockDim=64 --gridDim=4
// cooperative_groups::sync(g), the free-function spelling of g.sync(), is a
// block barrier on a thread_block.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift(const int *in, int *out) {
  __shared__ int s[64];
  cg::thread_block block = cg::this_thread_block();
  s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  cg::sync(block);
  out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
