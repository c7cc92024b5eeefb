//pass
//--blockDim=64 --gridDim=4
// Each thread fills its own four cells, through a const table of offsets
// within the thread's slice: the table's values are part of the program,
// so the cells of two threads never meet.
__device__ const int kOffsets[4] = {0, 1, 2, 3};

__global__ void fill_quads(int *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; k++) out[t * 4 + kOffsets[k]] = k;
}
