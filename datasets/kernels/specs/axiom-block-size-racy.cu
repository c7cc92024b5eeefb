//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// As axiom-block-size-drf.cu, but the axiom allows larger blocks than the
// 128-slot stride the kernel uses: blocks overlap.
__axiom(blockDim.x >= 128);

__global__ void fill_blocks_overlap(int *out) {
  out[blockIdx.x * 128 + threadIdx.x] = threadIdx.x;
}
