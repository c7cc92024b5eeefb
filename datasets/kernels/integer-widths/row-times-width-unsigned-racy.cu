//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
// The same indexing in unsigned arithmetic is defined to wrap around 2^32:
// for a width near 2^31, row 2's first cell is row 0's, and nothing in the
// kernel bounds the width. (row-times-width-drf.cu: the int version.)
__global__ void scale_matrix(float *m, unsigned width, unsigned height) {
  unsigned row = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < height && col < width) m[row * width + col] *= 2.0f;
}
