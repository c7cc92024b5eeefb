//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// The neighbour of thread t is t - 1, in unsigned arithmetic: for thread 0
// it is 4294967295, not -1, so the guard `left < blockDim.x` lets thread 0
// write border[0] only through the else branch, where thread 1 writes it
// too. Mathematical integers would see -1 < blockDim.x and miss the race.
__global__ void left_neighbour(int *border, const int *in) {
  unsigned left = threadIdx.x - 1;
  if (left < blockDim.x) {
    if (threadIdx.x == 1) border[0] = in[left];
  } else {
    border[0] = -1;
  }
}
