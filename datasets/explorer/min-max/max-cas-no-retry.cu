//xfail:NOT_ALL_VERIFIED
//--blockDim=3 --gridDim=1
//explore: assertion --memory max.json
// The maximum of the inputs into one cell: each thread tries one atomicCAS
// from the value it read; thread 0 checks the result after the barrier.
// Bug: a CAS that fails because another thread wrote in between is not
// retried, so a larger value can be dropped and the final maximum is not 7.
#include <cassert>

__global__ void max_cas_no_retry(const int* in, int* m) {
  int v = in[threadIdx.x];
  int old = atomicAdd(m, 0);
  if (old < v) atomicCAS(m, old, v);
  __syncthreads();
  if (threadIdx.x == 0) assert(*m == 7);
}
