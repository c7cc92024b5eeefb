//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,32] --gridDim=[2,2] -DN=64
// Row pointers with a pitch (16) smaller than the row length (32): thread
// (tx=16, ty=0) writes row[16] = tile[16] while thread (tx=0, ty=1) writes
// row[0] = tile[16 + 0], with different input values, in the same phase.

__global__ void transpose_rows(const float *in, float *out) {
  __shared__ float tile[32 * 33];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  float *row = tile + ty * 16;
  row[tx] = in[(blockIdx.y * 32 + ty) * N + blockIdx.x * 32 + tx];
  __syncthreads();
  const float *col = tile + tx * 16;
  out[(blockIdx.x * 32 + ty) * N + blockIdx.y * 32 + tx] = col[ty];
}
