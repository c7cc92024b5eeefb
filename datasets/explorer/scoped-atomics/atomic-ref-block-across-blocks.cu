//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// Every thread counts itself in one global counter with
// cuda::atomic_ref<int, cuda::thread_scope_block>::fetch_add.
// Bug: thread_scope_block makes the atomic atomic only within a block: the
// two blocks' increments are a heterogeneous race.
#include <cuda/atomic>

__global__ void ref_block_across_blocks(int* counter) {
  cuda::atomic_ref<int, cuda::thread_scope_block> c(*counter);
  c.fetch_add(1, cuda::memory_order_relaxed);
}
