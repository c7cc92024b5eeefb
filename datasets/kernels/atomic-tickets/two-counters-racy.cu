//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Even and odd threads draw from two different counters but write one
// array: thread 0 and thread 1 can both get position 0.
__global__ void split_compact(const int *in, int *out, unsigned *evens, unsigned *odds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned pos = i % 2 == 0 ? atomicAdd(evens, 1) : atomicAdd(odds, 1);
  out[pos] = in[i];
}
