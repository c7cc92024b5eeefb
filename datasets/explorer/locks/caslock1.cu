//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// GPUMC's caslock1: every thread takes a spin lock with a compare-exchange
// and releases it with a store, both at device scope, around a plain
// increment of a shared counter.
// Bug: the unlock store is relaxed (release turned relaxed), so the next
// owner synchronizes with nothing and the increments race.
#include <cuda/atomic>

__global__ void caslock1(int* lock, int* counter) {
  cuda::atomic_ref<int, cuda::thread_scope_device> l(*lock);
  int expected = 0;
  while (!l.compare_exchange_strong(expected, 1, cuda::memory_order_acquire)) {
    expected = 0;
  }
  *counter = *counter + 1;
  l.store(0, cuda::memory_order_relaxed);
}
