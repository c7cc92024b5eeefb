//pass
//--blockDim=1 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=terminates hsa=terminates hsa-obe=terminates unfair=hangs (check: deadlock under OBE, block 1 may spin on block 0's flag while block 0 never starts)
// Message passing between blocks with cuda::atomic_ref: block 0 writes a
// value and stores a flag, block 1 loads the flag until it is set and
// checks the value.
// Right: a release fence before the relaxed store and an acquire fence after
// the relaxed load that reads it synchronize at device scope.
#include <cassert>
#include <cuda/atomic>

__global__ void mp_thread_fence(int* data, int* flag) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 0) {
    data[0] = 42;
    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
    f.store(1, cuda::memory_order_relaxed);
  } else {
    while (f.load(cuda::memory_order_relaxed) == 0) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    assert(data[0] == 42);
  }
}
