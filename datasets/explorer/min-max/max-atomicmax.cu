//pass
//--blockDim=3 --gridDim=1
//explore: bounded --memory max.json
// The maximum of the inputs into one cell: each thread applies atomicMax;
// thread 0 checks the result after the barrier.
// Right: atomicMax is one read-modify-write, so no update is lost.
#include <cassert>

__global__ void max_atomicmax(const int* in, int* m) {
  int v = in[threadIdx.x];
  atomicMax(m, v);
  __syncthreads();
  if (threadIdx.x == 0) assert(*m == 7);
}
