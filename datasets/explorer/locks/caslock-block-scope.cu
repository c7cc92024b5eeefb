//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// GPUMC's caslock with too narrow a scope: every thread takes a spin lock with a compare-exchange
// and releases it with a store, both at device scope, around a plain
// increment of a shared counter.
// Bug: the lock is a thread_scope_block atomic shared by two blocks: its
// accesses from different blocks are a heterogeneous race, and so are the increments.
#include <cuda/atomic>

__global__ void caslock_block_scope(int* lock, int* counter) {
  cuda::atomic_ref<int, cuda::thread_scope_block> l(*lock);
  int expected = 0;
  while (!l.compare_exchange_strong(expected, 1, cuda::memory_order_acquire)) {
    expected = 0;
  }
  *counter = *counter + 1;
  l.store(0, cuda::memory_order_release);
}
