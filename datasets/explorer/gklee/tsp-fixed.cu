//pass
//--blockDim=1 --gridDim=2
//explore: bounded --memory tsp.json --strategy cd --delay-bound 2
// GKLEE's tsp benchmark, written anew: one step of 2-opt on the tour
// 0, 1, 2, 3 of four cities. Thread t evaluates reversing the segment
// between positions t+1 and t+2 (the gain in tour length) and records the
// best move found by all threads; the last thread to finish (an atomicAdd
// ticket between fences) checks that the recorded move is the best one and
// that its gain is the recorded gain.
// Right: the gain and the move are packed into one int and kept by one
// atomicMax, so they always belong together and no better move is lost.
#include <cassert>

#define N 4

__global__ void tsp_fixed(const int* dist, int* best, int* best_move, int* gains, int* done) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int a = t % N, b = (t + 1) % N, c = (t + 2) % N, d = (t + 3) % N;
  int gain = dist[a * N + b] + dist[c * N + d] - dist[a * N + c] - dist[b * N + d];
  gains[t] = gain;
  atomicMax(best, gain * 16 + t);  // gain and move packed into one atomic (moves < 16)
  __threadfence();
  int threads = gridDim.x * blockDim.x;
  if (atomicAdd(done, 1) == threads - 1) {
    __threadfence();
    int top = 0;
    for (int i = 0; i < threads; ++i) top = max(top, gains[i]);
    int packed = atomicAdd(best, 0);
    int g = packed / 16, m = packed % 16;
    assert(g == top && gains[m] == g);
  }
}
