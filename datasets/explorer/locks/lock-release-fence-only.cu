//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// A spin lock as CUDA code writes it: atomicCAS to take it, atomicExch to
// release it, taken by thread 0 of each block to add the block's input to a
// global total.
// Bug: no fence after taking the lock: the owner's read of the total is not
// ordered after the previous owner's write.
__global__ void lock_release_fence_only(int* lock, int* total, const int* in) {
  if (threadIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    *total = *total + in[blockIdx.x];
    __threadfence();  // release side: the total is visible before the lock is free
    atomicExch(lock, 0);
  }
}
