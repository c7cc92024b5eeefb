//pass
//--blockDim=256 --gridDim=8
// Stream compaction with a global counter: every call of atomicAdd(count, 1)
// returns a different position, grid-wide.
__global__ void compact(const int *in, int *out, unsigned *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] != 0) {
    unsigned pos = atomicAdd(count, 1);
    out[pos] = in[i];
  }
}
