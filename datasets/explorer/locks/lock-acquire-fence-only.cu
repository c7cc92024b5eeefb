//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// A spin lock as CUDA code writes it: atomicCAS to take it, atomicExch to
// release it, taken by thread 0 of each block to add the block's input to a
// global total.
// Bug: no fence before releasing the lock: the write of the total may be
// seen after the lock is free, so it races with the next owner's access.
__global__ void lock_acquire_fence_only(int* lock, int* total, const int* in) {
  if (threadIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    __threadfence();  // acquire side: see what the previous owner wrote
    *total = *total + in[blockIdx.x];
    atomicExch(lock, 0);
  }
}
