//pass
//--blockDim=64 --gridDim=4
// Two tickets per thread from one global counter (atomicInc up to UINT_MAX
// is an increment modulo 2^32): all four writes of two threads differ.
__global__ void pairs(int *out, unsigned *count) {
  unsigned a = atomicInc(count, 0xffffffffu);
  unsigned b = atomicAdd(count, 2);
  out[a] = threadIdx.x;
  out[b] = threadIdx.x + 1;
}
