//pass
//--blockDim=128 --gridDim=4
// A while loop whose trip count depends on the data (Collatz steps of the
// thread's element): inside, the thread only writes its own cell last[t];
// there is no barrier in the loop. After a barrier it reads a neighbour's.

__global__ void collatz(const unsigned *in, unsigned *steps) {
  __shared__ unsigned last[128];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  unsigned x = in[gid];
  unsigned n = 0;
  last[t] = x;
  while (x > 1) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    last[t] = x;
    n++;
  }
  __syncthreads();
  steps[gid] = n + last[(t + 1) % 128];
}
