//pass
//--blockDim=64 --gridDim=4
// A helper returns two results through pointers to the caller's locals;
// the index it computes is the thread's own.
__device__ void split_index(unsigned g, unsigned *row, unsigned *col) {
  *row = g / 64;
  *col = g % 64;
}

__global__ void scatter(int *grid_out) {
  unsigned r, c;
  split_index(blockIdx.x * blockDim.x + threadIdx.x, &r, &c);
  grid_out[r * 64 + c] = threadIdx.x;
}
