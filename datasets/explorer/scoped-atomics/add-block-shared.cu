//pass
//--blockDim=3 --gridDim=2
//explore: bounded
// Each block counts its threads in a shared counter with atomicAdd_block.
// Right: shared memory is per block, so block scope covers every thread that
// can reach the counter.
#include <cassert>

__global__ void add_block_shared(int* out) {
  __shared__ int count;
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  atomicAdd_block(&count, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    assert(count == blockDim.x);
    out[blockIdx.x] = count;
  }
}
