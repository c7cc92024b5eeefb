//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// Every thread counts itself in one global counter with atomicAdd_block.
// Bug: a block-scoped atomic is atomic only among the threads of its block;
// the increments of the two blocks are a heterogeneous race (and may be lost).
__global__ void add_block_across_blocks(int* counter) {
  atomicAdd_block(counter, 1);
}
