//pass
//--blockDim=[16,16] --gridDim=[8,8]
// row * width + col with an int width: signed overflow over a kernel
// argument is undefined, and racecert assumes the arguments make none
// (docs/frontend.md, "Integer widths"), as for every kernel that indexes a
// matrix with int. The report states the assumption.
__global__ void scale_matrix(float *m, int width, int height) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < height && col < width) m[row * width + col] *= 2.0f;
}
