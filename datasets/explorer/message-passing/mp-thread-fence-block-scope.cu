//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: racy
// Message passing between blocks with cuda::atomic_ref: block 0 writes a
// value and stores a flag, block 1 loads the flag until it is set and
// checks the value.
// Bug: the fences have block scope and the two threads are in different
// blocks: the data accesses race.
#include <cassert>
#include <cuda/atomic>

__global__ void mp_thread_fence_block(int* data, int* flag) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 0) {
    data[0] = 42;
    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
    f.store(1, cuda::memory_order_relaxed);
  } else {
    while (f.load(cuda::memory_order_relaxed) == 0) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
    assert(data[0] == 42);
  }
}
