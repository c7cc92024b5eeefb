//xfail:NOT_ALL_VERIFIED
//--blockDim=3 --gridDim=1
//explore: assertion --memory max.json
// The maximum of the inputs into one cell: each thread reads the cell
// atomically and writes its value atomically when larger; thread 0 checks
// the result after the barrier.
// Bug: the check and the write are not one atomic: a larger value written
// between them is overwritten, and the final maximum is not 7.
#include <cassert>

__global__ void max_lost_update(const int* in, int* m) {
  int v = in[threadIdx.x];
  int cur = atomicAdd(m, 0);
  if (v > cur) atomicExch(m, v);
  __syncthreads();
  if (threadIdx.x == 0) assert(*m == 7);
}
