//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy --memory reduction.json --kernel-args expected=10
// The "last block" reduction (the pattern of the CUDA threadFenceReduction
// sample, written anew): each block sums its inputs in shared memory, thread
// 0 stores the block's partial sum and draws a ticket with atomicInc; the
// block that draws the last ticket adds up the partial sums and resets the
// ticket counter.
// Bug: the last block has no fence between its ticket and its reads: under
// the scoped memory model the writers' fences alone do not order the partial
// sums before the plain reads, which race with them.
#include <cassert>

__global__ void threadfence_reduction_no_reader_fence(const int* in, int* partial, unsigned* count, int* result, int expected) {
  __shared__ int sums[64];
  __shared__ bool last;
  unsigned tid = threadIdx.x;
  sums[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sums[tid] += sums[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x] = sums[0];
    __threadfence();  // the partial sum is visible to every block before the ticket
    unsigned ticket = atomicInc(count, gridDim.x);
    last = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (last && tid == 0) {
    int total = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) total += partial[b];
    *result = total;
    assert(total == expected);
    atomicExch(count, 0u);  // atomic: other blocks' atomicInc are not ordered before this reset
  }
}
