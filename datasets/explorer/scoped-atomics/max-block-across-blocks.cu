//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: racy
// Each block records the largest block index seen so far with atomicMax_block.
// Bug: the maximum is a global cell updated from two blocks with block-scoped
// atomics: a heterogeneous race.
__global__ void max_block_across_blocks(int* largest) {
  atomicMax_block(largest, (int)blockIdx.x);
}
