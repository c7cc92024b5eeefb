//pass
//--blockDim=3 --gridDim=1
//explore: bounded --memory max.json --loop-bound 4
// The maximum of the inputs into one cell: each thread runs the usual
// atomicCAS loop, retrying with the value the failed CAS returned; thread 0
// checks the result after the barrier.
// Right: a failed CAS means another thread changed the cell; the loop retries
// with that value until its own is no larger or its CAS succeeds.
#include <cassert>

__global__ void max_cas_loop(const int* in, int* m) {
  int v = in[threadIdx.x];
  int old = atomicAdd(m, 0);
  while (old < v) {
    int assumed = old;
    old = atomicCAS(m, assumed, v);
    if (old == assumed) break;
  }
  __syncthreads();
  if (threadIdx.x == 0) assert(*m == 7);
}
