//pass
//--blockDim=[8,4,2] --gridDim=4
// Three-dimensional block (8 x 4 x 2) with a 3D shared array: thread
// (tx, ty, tz) writes s[tz][ty][tx], a barrier, then reads the mirrored cells
// s[1 - tz][ty][tx] and s[tz][3 - ty][7 - tx].

__global__ void block_3d(const float *in, float *out) {
  __shared__ float s[2][4][8];
  unsigned tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  unsigned lin = tx + 8 * (ty + 4 * tz);
  s[tz][ty][tx] = in[blockIdx.x * 64 + lin];
  __syncthreads();
  out[blockIdx.x * 64 + lin] = s[1 - tz][ty][tx] + s[tz][3 - ty][7 - tx];
}
