//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: racy
// Message passing between blocks: block 0 writes a value and raises a flag
// (atomicExch, read with atomicAdd(flag, 0)); block 1 waits for the flag and checks the value.
// Bug: the reader has no fence after seeing the flag: its read of the data
// is not ordered after the write and races with it.
#include <cassert>

__global__ void mp_writer_fence_only(int* data, int* flag) {
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence();  // the data is visible device-wide before the flag
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    assert(data[0] == 42);
  }
}
