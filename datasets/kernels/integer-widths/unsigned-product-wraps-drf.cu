//pass
//--blockDim=64 --gridDim=1
// The same slots with a multiplier that cannot wrap for 64 threads
// (63 * 2^25 < 2^32): the top bits are the thread index itself. The racy
// twin is unsigned-product-wraps-racy.cu.
__global__ void bucket(int *table) {
  unsigned h = threadIdx.x * 33554432u;
  table[h >> 25] = threadIdx.x;
}
