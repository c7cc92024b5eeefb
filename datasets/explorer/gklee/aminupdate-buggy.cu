//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: assertion --memory aminupdate.json --strategy cd --delay-bound 2
// GKLEE's aMinUpdate benchmark, written anew: atomicMin sets a global cell
// to the minimum of the threads' values, and the index of the thread that
// holds the minimum is recorded with it. The last thread to finish (an
// atomicAdd ticket between fences) checks that the recorded index holds the
// recorded minimum.
// Bug (lost atomicity): a thread delayed between its atomicMin and its
// atomicExch overwrites the index written by a thread with a smaller value:
// the index then names a thread whose value is not the minimum.
#include <cassert>

__global__ void aminupdate_buggy(int* min_val, int* min_idx, const int* vals, int* done) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = vals[t];
  // bug: the minimum and its index are updated by two separate atomics
  int old = atomicMin(min_val, v);
  if (v < old) atomicExch(min_idx, t);
  __threadfence();
  if (atomicAdd(done, 1) == gridDim.x * blockDim.x - 1) {
    __threadfence();
    int m = atomicAdd(min_val, 0), i = atomicAdd(min_idx, 0);
    assert(vals[i] == m);
  }
}
