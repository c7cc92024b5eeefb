//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
// cuda::atomic_ref with thread_scope_block behaves as atomicAdd_block: the
// two blocks' increments of one global counter race.
#include <cuda/atomic>
__global__ void ref_count(int *counter) {
  cuda::atomic_ref<int, cuda::thread_scope_block> c(*counter);
  c.fetch_add(1, cuda::memory_order_relaxed);
}
