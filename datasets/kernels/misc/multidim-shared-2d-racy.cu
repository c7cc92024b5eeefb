//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[2,2]
// Two-dimensional shared array indexed m[ty][tx % 8] with 16 threads per
// row: threads (tx=0, ty) and (tx=8, ty) both write m[ty][0], with
// different input values.

__global__ void tile_2d(const float *in, float *out) {
  __shared__ float m[16][16];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  unsigned gx = blockIdx.x * 16 + tx, gy = blockIdx.y * 16 + ty;
  m[ty][tx % 8] = in[gy * 32 + gx];
  __syncthreads();
  out[gy * 32 + gx] = m[tx][ty];
}
