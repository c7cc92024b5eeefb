//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: assertion --memory tsp.json --strategy cd --delay-bound 2
// GKLEE's tsp benchmark, written anew: one step of 2-opt on the tour
// 0, 1, 2, 3 of four cities. Thread t evaluates reversing the segment
// between positions t+1 and t+2 (the gain in tour length) and records the
// best move found by all threads; the last thread to finish (an atomicAdd
// ticket between fences) checks that the recorded move is the best one and
// that its gain is the recorded gain.
// Bug (lost atomicity, as in the paper): a thread that compared with an
// older best overwrites a better gain: thread 0 (gain 4) reads the best, is
// delayed, thread 1 records gain 13, and thread 0 then records 4. One delay
// shows it.
#include <cassert>

#define N 4

__global__ void tsp_buggy(const int* dist, int* best, int* best_move, int* gains, int* done) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int a = t % N, b = (t + 1) % N, c = (t + 2) % N, d = (t + 3) % N;
  int gain = dist[a * N + b] + dist[c * N + d] - dist[a * N + c] - dist[b * N + d];
  gains[t] = gain;
  // bug: the best gain and its move are read and written by separate atomics
  if (gain > atomicAdd(best, 0)) {
    atomicExch(best, gain);
    atomicExch(best_move, t);
  }
  __threadfence();
  int threads = gridDim.x * blockDim.x;
  if (atomicAdd(done, 1) == threads - 1) {
    __threadfence();
    int top = 0;
    for (int i = 0; i < threads; ++i) top = max(top, gains[i]);
    int g = atomicAdd(best, 0), m = atomicAdd(best_move, 0);
    assert(g == top && gains[m] == g);
  }
}
