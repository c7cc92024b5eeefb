//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,4,2] --gridDim=4
// Three-dimensional block (8 x 4 x 2) with a shared array that forgets the
// z dimension: threads (tx, ty, 0) and (tx, ty, 1) both write s[ty][tx], with
// different input values.

__global__ void block_3d(const float *in, float *out) {
  __shared__ float s[4][8];
  unsigned tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  unsigned lin = tx + 8 * (ty + 4 * tz);
  s[ty][tx] = in[blockIdx.x * 64 + lin];
  __syncthreads();
  out[blockIdx.x * 64 + lin] = s[3 - ty][7 - tx];
}
