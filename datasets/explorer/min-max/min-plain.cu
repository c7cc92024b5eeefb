//xfail:NOT_ALL_VERIFIED
//--blockDim=3 --gridDim=1
//explore: racy --memory min.json
// The minimum of the inputs into one cell: each thread reads the cell,
// compares and writes; thread 0 checks the result after the barrier.
// Bug: the read-compare-write uses plain accesses: the threads' reads and
// writes of the cell race (and an update can be lost).
#include <cassert>

__global__ void min_plain(const int* in, int* m) {
  int v = in[threadIdx.x];
  if (v < *m) *m = v;
  __syncthreads();
  if (threadIdx.x == 0) assert(*m == 1);
}
