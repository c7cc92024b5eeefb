//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// GPUMC's ticketlock2: a ticket lock. Each thread draws a ticket with a relaxed
// fetch_add on `next`, waits until `serving` shows its ticket, increments a
// shared counter and hands the lock to the next ticket.
// Bug: the wait loads `serving` relaxed (acquire turned relaxed): the
// increments of consecutive owners race.
#include <cuda/atomic>

__global__ void ticketlock2(unsigned* next, unsigned* serving, int* counter) {
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> n(*next);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> s(*serving);
  unsigned my = n.fetch_add(1u, cuda::memory_order_relaxed);
  while (s.load(cuda::memory_order_relaxed) != my) {
  }
  *counter = *counter + 1;
  s.store(my + 1u, cuda::memory_order_release);
}
