//pass
//--blockDim=2 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=terminates lobe=terminates hsa=hangs hsa-obe=terminates unfair=hangs (every thread of a started block runs, so the holder releases the lock; HSA owes progress to the lowest live block only, so block 1 may hold the lock while block 0 spins)
//progress: obe=terminates lobe=terminates --max-resident-blocks 1
// GPUMC's caslock: every thread takes a spin lock with a compare-exchange
// and releases it with a store, both at device scope, around a plain
// increment of a shared counter.
// Right: the release store synchronizes with the next owner's acquire
// compare-exchange, so the critical sections are ordered.
#include <cuda/atomic>

__global__ void caslock(int* lock, int* counter) {
  cuda::atomic_ref<int, cuda::thread_scope_device> l(*lock);
  int expected = 0;
  while (!l.compare_exchange_strong(expected, 1, cuda::memory_order_acquire)) {
    expected = 0;
  }
  *counter = *counter + 1;
  l.store(0, cuda::memory_order_release);
}
