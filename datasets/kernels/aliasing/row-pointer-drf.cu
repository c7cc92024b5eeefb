//pass
//--blockDim=[32,32] --gridDim=[2,2] -DN=64
// Transpose through a flat shared tile addressed by row pointers: thread
// (tx, ty) stores through row = tile + ty*33 (its cell ty*33 + tx), then
// after a barrier reads through col = tile + tx*33. Pitch 33 > 32 keeps the
// rows apart, so each cell has one writer.

__global__ void transpose_rows(const float *in, float *out) {
  __shared__ float tile[32 * 33];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  float *row = tile + ty * 33;
  row[tx] = in[(blockIdx.y * 32 + ty) * N + blockIdx.x * 32 + tx];
  __syncthreads();
  const float *col = tile + tx * 33;
  out[(blockIdx.x * 32 + ty) * N + blockIdx.y * 32 + tx] = col[ty];
}
