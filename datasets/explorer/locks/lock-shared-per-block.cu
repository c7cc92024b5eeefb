//pass
//--blockDim=3 --gridDim=1
//explore: bounded
// A lock in shared memory taken by every thread of the block with the
// block-scoped atomicCAS_block, around an increment of a shared counter.
// Right: the lock and the counter are per block, so block scope and
// __threadfence_block suffice; the barrier orders the initialisation before
// the first lock and the last unlock before the check.
#include <cassert>

__global__ void lock_shared(int* out) {
  __shared__ int lock;
  __shared__ int count;
  if (threadIdx.x == 0) {
    lock = 0;
    count = 0;
  }
  __syncthreads();
  while (atomicCAS_block(&lock, 0, 1) != 0) {
  }
  __threadfence_block();
  count = count + 1;
  __threadfence_block();
  atomicExch_block(&lock, 0);
  __syncthreads();
  if (threadIdx.x == 0) {
    assert(count == blockDim.x);
    out[blockIdx.x] = count;
  }
}
