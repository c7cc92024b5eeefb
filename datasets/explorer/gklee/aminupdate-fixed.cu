//pass
//--blockDim=1 --gridDim=2
//explore: bounded --memory aminupdate.json --strategy cd --delay-bound 2
// GKLEE's aMinUpdate benchmark, written anew: atomicMin sets a global cell
// to the minimum of the threads' values, and the index of the thread that
// holds the minimum is recorded with it. The last thread to finish (an
// atomicAdd ticket between fences) checks that the recorded index holds the
// recorded minimum.
// Right: value and index are packed into one int and updated by one
// atomicMin, so the index always belongs to the minimum.
#include <cassert>

__global__ void aminupdate_fixed(int* min_val, int* min_idx, const int* vals, int* done) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = vals[t];
  atomicMin(min_val, v * 16 + t);  // value and index packed into one atomic (threads < 16)
  __threadfence();
  if (atomicAdd(done, 1) == gridDim.x * blockDim.x - 1) {
    __threadfence();
    int packed = atomicAdd(min_val, 0);
    assert(vals[packed % 16] == packed / 16);
  }
}
