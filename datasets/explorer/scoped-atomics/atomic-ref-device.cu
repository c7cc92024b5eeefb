//pass
//--blockDim=2 --gridDim=2
//explore: bounded
// Every thread counts itself in one global counter with
// cuda::atomic_ref<int, cuda::thread_scope_device>::fetch_add.
// Right: thread_scope_device includes every thread of the grid.
#include <cuda/atomic>

__global__ void ref_device(int* counter) {
  cuda::atomic_ref<int, cuda::thread_scope_device> c(*counter);
  c.fetch_add(1, cuda::memory_order_relaxed);
}
