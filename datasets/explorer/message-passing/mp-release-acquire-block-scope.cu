//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: racy
// Message passing between blocks with cuda::atomic_ref: block 0 writes a
// value and stores a flag, block 1 loads the flag until it is set and
// checks the value.
// Bug: the flag is a thread_scope_block atomic used by two blocks: a
// heterogeneous race, and its release/acquire orders nothing across blocks.
#include <cassert>
#include <cuda/atomic>

__global__ void mp_block_scope(int* data, int* flag) {
  cuda::atomic_ref<int, cuda::thread_scope_block> f(*flag);
  if (blockIdx.x == 0) {
    data[0] = 42;
    f.store(1, cuda::memory_order_release);
  } else {
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    assert(data[0] == 42);
  }
}
