//pass
//--blockDim=256 --gridDim=16
// A file-scope axiom fixes what the kernel relies on: blocks of 256
// threads. Each thread of a block writes one of the block's 256 slots.
__axiom(blockDim.x == 256);

__global__ void fill_blocks(int *out) {
  out[blockIdx.x * 256 + threadIdx.x] = threadIdx.x;
}
