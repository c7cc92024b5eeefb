//pass
//--blockDim=2 --gridDim=2
//explore: bounded
// A spin lock as CUDA code writes it: atomicCAS to take it, atomicExch to
// release it, taken by thread 0 of each block to add the block's input to a
// global total.
// Right: the fences after taking and before releasing the lock order the
// critical sections of the two blocks (fence-fence synchronization through the lock).
__global__ void lock_threadfence(int* lock, int* total, const int* in) {
  if (threadIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    __threadfence();  // acquire side: see what the previous owner wrote
    *total = *total + in[blockIdx.x];
    __threadfence();  // release side: the total is visible before the lock is free
    atomicExch(lock, 0);
  }
}
