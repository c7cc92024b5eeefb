//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=1
// An unsigned char index wraps at 256: threads t and t + 256 share a cell.
__global__ void histogram_slot(int *cells) {
  unsigned char slot = threadIdx.x;
  cells[slot] = threadIdx.x;
}
