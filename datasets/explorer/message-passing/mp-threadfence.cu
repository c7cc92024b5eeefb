//pass
//--blockDim=1 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=terminates hsa=terminates hsa-obe=terminates unfair=hangs (check: deadlock under OBE, block 1 may spin on block 0's flag while block 0 never starts)
// Message passing between blocks: block 0 writes a value and raises a flag
// (atomicExch, read with atomicAdd(flag, 0)); block 1 waits for the flag and checks the value.
// Right: the writer's fence before the flag and the reader's fence after it
// synchronize through the flag, so the data read is ordered after the write.
#include <cassert>

__global__ void mp_threadfence(int* data, int* flag) {
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence();  // the data is visible device-wide before the flag
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();  // the data is read after the flag
    assert(data[0] == 42);
  }
}
