//pass
//--blockDim=128 --gridDim=4
// A worklist step of a graph kernel: every thread pushes the neighbours of
// its node with atomicAdd(tail, 1), any number of times: each push gets its
// own slot of the next frontier.
__global__ void expand(const int *row, const int *col, const int *frontier, int frontier_size,
                       int *next, unsigned *tail) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= frontier_size) return;
  int node = frontier[i];
  for (int e = row[node]; e < row[node + 1]; ++e) {
    unsigned slot = atomicAdd(tail, 1);
    next[slot] = col[e];
  }
}
