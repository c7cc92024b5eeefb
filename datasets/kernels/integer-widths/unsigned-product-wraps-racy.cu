//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// A slot computed as t * 2^30 in unsigned arithmetic, keeping the top bits:
// modulo 2^32 thread 4's product is 0, as thread 0's, so both write
// table[0]; in mathematical integers t * 2^30 >> 28 is 4t, distinct.
__global__ void bucket(int *table) {
  unsigned h = threadIdx.x * 1073741824u;
  table[h >> 28] = threadIdx.x;
}
