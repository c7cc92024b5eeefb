//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
//explore: deadlock
// The block's four threads exchange values through shared memory and meet
// at named barrier 1 before reading their neighbour's value.
// Bug: the barrier is configured for 64 threads but the block has only 4:
// the threads wait at it forever.
__global__ void named_barrier_wrong_count(int* out) {
  __shared__ int buf[4];
  buf[threadIdx.x] = threadIdx.x * 3;
  asm volatile("bar.sync 1, 64;");
  out[threadIdx.x] = buf[(threadIdx.x + 1) % 4];
}
