//pass
//--blockDim=2 --gridDim=2
//explore: bounded --memory slot-atomicadd.json
// Stream compaction: each thread whose input is positive draws a slot with
// atomicAdd on a global counter and writes its id there.
// Right: atomicAdd hands out distinct slots, so no two threads write one
// element of `out`, and a slot is below the number of threads n.
#include <cassert>

__global__ void slot_atomicadd(const int* in, int* count, int* out, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[id] > 0) {
    int slot = atomicAdd(count, 1);
    assert(slot < n);
    out[slot] = id;
  }
}
