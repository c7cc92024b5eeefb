//pass
// no launch on purpose: y is read and stays symbolic; z is taken as 1
// A 2-D block copies its tile: thread (x, y) of block (bx, by) owns cell
// (by * blockDim.y + y) * w + bx * blockDim.x + x, one per thread as long as
// the columns stay inside the row (x < w, guarded). The kernel reads
// threadIdx.y and blockIdx.y, so y sizes stay symbolic; it reads no .z, so
// blockDim.z = gridDim.z = 1 is assumed.
__global__ void copy_tile(int w, const int *in, int *out) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col < w)
    out[row * w + col] = in[row * w + col];
}
