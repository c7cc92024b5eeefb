//pass
//--blockDim=3 --gridDim=1
//explore: bounded --memory min.json
// The minimum of the inputs into one cell: each thread applies atomicMin;
// thread 0 checks the result after the barrier.
// Right: atomicMin is one read-modify-write, so no update is lost.
#include <cassert>

__global__ void min_atomicmin(const int* in, int* m) {
  int v = in[threadIdx.x];
  atomicMin(m, v);
  __syncthreads();
  if (threadIdx.x == 0) assert(*m == 1);
}
