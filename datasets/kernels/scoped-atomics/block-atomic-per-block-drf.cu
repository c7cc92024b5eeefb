//pass
//--blockDim=64 --gridDim=4
// Each block counts into its own cell with atomicAdd_block: every cell is
// used by one block only, so the block scope suffices.
__global__ void count_per_block(int *counts) {
  atomicAdd_block(&counts[blockIdx.x], 1);
}
