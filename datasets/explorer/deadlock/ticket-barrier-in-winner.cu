//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1
//explore: divergence
// The thread that draws the first ticket initialises a shared buffer and
// waits at __syncthreads() for the others before they read it.
// Bug: only the winner reaches the barrier; the others skip it: barrier
// divergence (the winner waits forever).
__global__ void barrier_in_winner(int* ticket, int* out) {
  __shared__ int buf[2];
  if (atomicAdd(ticket, 1) == 0) {
    buf[0] = 7;
    buf[1] = 9;
    __syncthreads();
  }
  out[threadIdx.x] = threadIdx.x;
}
