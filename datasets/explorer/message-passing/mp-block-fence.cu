//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: racy
// Message passing between blocks: block 0 writes a value and raises a flag
// (atomicExch, read with atomicAdd(flag, 0)); block 1 waits for the flag and checks the value.
// Bug: __threadfence_block orders only within a block, and the two threads
// are in different blocks: the data accesses race.
#include <cassert>

__global__ void mp_block_fence(int* data, int* flag) {
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence_block();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence_block();
    assert(data[0] == 42);
  }
}
