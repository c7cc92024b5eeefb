//pass
//--blockDim=2 --gridDim=2
//explore: bounded
// Two-level tickets: each thread draws a slot within its block from a shared
// counter (atomicAdd_block), then thread 0 reserves the block's range in the
// output with one atomicAdd on a global counter.
// Right: slots are distinct within a block and ranges are distinct across
// blocks; the barriers order the shared counter's uses.
__global__ void slot_two_level(int* count, int* out) {
  __shared__ int local;
  __shared__ int base;
  if (threadIdx.x == 0) local = 0;
  __syncthreads();
  int slot = atomicAdd_block(&local, 1);
  __syncthreads();
  if (threadIdx.x == 0) base = atomicAdd(count, local);
  __syncthreads();
  out[base + slot] = blockIdx.x * blockDim.x + threadIdx.x;
}
