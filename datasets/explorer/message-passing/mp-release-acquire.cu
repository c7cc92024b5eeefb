//pass
//--blockDim=1 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=terminates hsa=terminates hsa-obe=terminates unfair=hangs (check: deadlock under OBE, block 1 may spin on block 0's flag while block 0 never starts)
// Message passing between blocks with cuda::atomic_ref: block 0 writes a
// value and stores a flag, block 1 loads the flag until it is set and
// checks the value.
// Right: the release store synchronizes with the acquire load that reads it.
#include <cassert>
#include <cuda/atomic>

__global__ void mp_release_acquire(int* data, int* flag) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 0) {
    data[0] = 42;
    f.store(1, cuda::memory_order_release);
  } else {
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    assert(data[0] == 42);
  }
}
