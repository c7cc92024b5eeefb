//pass
//--blockDim=256 --gridDim=1
// With 256 threads an unsigned char holds every index: no two threads share
// a cell. The racy twin is char-counter-racy.cu.
__global__ void histogram_slot(int *cells) {
  unsigned char slot = threadIdx.x;
  cells[slot] = threadIdx.x;
}
