//pass
//--blockDim=1 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=terminates hsa=terminates hsa-obe=terminates unfair=hangs (check: deadlock under OBE, block 1 may spin on block 0's flag while block 0 never starts)
// Message passing between blocks: block 0 writes a value and raises a flag
// (atomicExch_system, read with atomicAdd_system); block 1 waits for the flag and checks the value.
// Right: system-scope fences and atomics include both blocks.
#include <cassert>

__global__ void mp_system_fence(int* data, int* flag) {
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence_system();
    atomicExch_system(flag, 1);
  } else {
    while (atomicAdd_system(flag, 0) == 0) {
    }
    __threadfence_system();
    assert(data[0] == 42);
  }
}
