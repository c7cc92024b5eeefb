//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: racy
// Message passing between blocks: block 0 writes a value and raises a flag
// (atomicExch, read with atomicAdd(flag, 0)); block 1 waits for the flag and checks the value.
// Bug: no fences: the flag is a relaxed atomic, so the data accesses race
// (and the reader may see 0).
#include <cassert>

__global__ void mp_no_fence(int* data, int* flag) {
  if (blockIdx.x == 0) {
    data[0] = 42;
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    assert(data[0] == 42);
  }
}
