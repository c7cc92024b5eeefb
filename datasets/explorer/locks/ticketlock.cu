//pass
//--blockDim=2 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=terminates lobe=terminates hsa=hangs hsa-obe=terminates unfair=hangs (the thread whose ticket is served has started its block, which the model then schedules with all its threads; under HSA a ticket of block 1 may be served while only block 0 runs)
//progress: obe=terminates lobe=terminates --max-resident-blocks 1
// GPUMC's ticketlock: a ticket lock. Each thread draws a ticket with a relaxed
// fetch_add on `next`, waits until `serving` shows its ticket, increments a
// shared counter and hands the lock to the next ticket.
// Right: the release store of `serving` synchronizes with the acquire load
// of the next ticket holder; tickets are distinct, so one thread at a time owns the lock.
#include <cuda/atomic>

__global__ void ticketlock(unsigned* next, unsigned* serving, int* counter) {
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> n(*next);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> s(*serving);
  unsigned my = n.fetch_add(1u, cuda::memory_order_relaxed);
  while (s.load(cuda::memory_order_acquire) != my) {
  }
  *counter = *counter + 1;
  s.store(my + 1u, cuda::memory_order_release);
}
