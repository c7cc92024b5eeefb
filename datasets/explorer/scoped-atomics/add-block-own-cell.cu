//pass
//--blockDim=2 --gridDim=2
//explore: bounded
// Each block counts its threads in its own cell of a global array with
// atomicAdd_block.
// Right: only the threads of one block touch a cell, so block scope suffices
// even though the array is global.
__global__ void add_block_own_cell(int* counts) {
  atomicAdd_block(&counts[blockIdx.x], 1);
}
