//xfail:NOT_ALL_VERIFIED
//--blockDim=3 --gridDim=1
//explore: assertion --memory min.json
// The minimum of the inputs into one cell: each thread reads the cell
// atomically and writes its value atomically when smaller; thread 0 checks
// the result after the barrier.
// Bug: the read and the write are two atomics, not one read-modify-write: a
// thread that read 100 may overwrite a smaller value written since, and the
// final minimum is not 1.
#include <cassert>

__global__ void min_lost_update(const int* in, int* m) {
  int v = in[threadIdx.x];
  int cur = atomicAdd(m, 0);
  if (v < cur) atomicExch(m, v);
  __syncthreads();
  if (threadIdx.x == 0) assert(*m == 1);
}
