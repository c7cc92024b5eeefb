//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
//explore: deadlock
// Every thread of the block takes a spin lock and, inside the critical
// section, waits at __syncthreads() for the others to publish their slot.
// Bug: the lock holder waits at the barrier for a thread that spins on the
// lock it holds: neither can move.
__global__ void sync_in_critical_section(int* lock, int* list, int* length) {
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  int n = *length;
  list[n] = threadIdx.x;
  *length = n + 1;
  __syncthreads();
  __threadfence();
  atomicExch(lock, 0);
}
