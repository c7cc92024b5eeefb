//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=3
//explore: racy --loop-bound 3
// GPUMC's ttaslock1: a test-and-test-and-set lock. Each thread spins on a
// relaxed load until the lock looks free, then tries to take it with an
// exchange, and starts over when another thread was faster.
// Bug: the unlock store is relaxed (release turned relaxed): the increments race.
#include <cuda/atomic>

__global__ void ttaslock1(int* lock, int* counter) {
  cuda::atomic_ref<int, cuda::thread_scope_device> l(*lock);
  for (;;) {
    while (l.load(cuda::memory_order_relaxed) != 0) {
    }
    if (l.exchange(1, cuda::memory_order_acquire) == 0) break;
  }
  *counter = *counter + 1;
  l.store(0, cuda::memory_order_relaxed);
}
