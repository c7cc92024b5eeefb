//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: deadlock
// Each block takes a global spin lock to add its input to a total.
// Bug: the unlock is missing: the second block spins on the lock forever.
__global__ void lock_never_released(int* lock, int* total, const int* in) {
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  *total = *total + in[blockIdx.x];
  __threadfence();
}
