//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// A spin lock as CUDA code writes it: atomicCAS to take it, atomicExch to
// release it, taken by thread 0 of each block to add the block's input to a
// global total.
// Bug: no fence: atomicCAS and atomicExch are relaxed, so the lock orders
// nothing and the two blocks' updates of the total race.
__global__ void lock_no_fence(int* lock, int* total, const int* in) {
  if (threadIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    *total = *total + in[blockIdx.x];
    atomicExch(lock, 0);
  }
}
