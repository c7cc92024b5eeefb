//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: racy
// A global spin lock taken with the block-scoped atomicCAS_block and
// released with atomicExch_block, used by two blocks.
// Bug: block-scoped atomics are atomic only among the threads of one block:
// the two blocks' accesses to the lock are a heterogeneous race, so the lock
// protects nothing (the fences do not widen the atomics' scope).
__global__ void lock_block_atomics(int* lock, int* total, const int* in) {
  while (atomicCAS_block(lock, 0, 1) != 0) {
  }
  __threadfence();
  *total = *total + in[blockIdx.x];
  __threadfence();
  atomicExch_block(lock, 0);
}
