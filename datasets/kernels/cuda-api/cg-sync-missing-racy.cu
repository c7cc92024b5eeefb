//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The same shift without the barrier: thread t + 1 writes s[t + 1] while
// thread t reads it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift(const int *in, int *out) {
  __shared__ int s[64];
  cg::thread_block block = cg::this_thread_block();
  s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64] + (int)block.thread_rank();
}
