//pass
//--blockDim=[16,16] --gridDim=[2,2]
// Two-dimensional shared array with a 2D block: thread (tx, ty) writes
// m[ty][tx], a barrier, then reads the transposed cell m[tx][ty].

__global__ void tile_2d(const float *in, float *out) {
  __shared__ float m[16][16];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  unsigned gx = blockIdx.x * 16 + tx, gy = blockIdx.y * 16 + ty;
  m[ty][tx] = in[gy * 32 + gx];
  __syncthreads();
  out[gy * 32 + gx] = m[tx][ty];
}
