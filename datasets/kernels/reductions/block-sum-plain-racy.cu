//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// Whole-array sum with a plain read-modify-write of *total: thread 0 of block
// 0 and thread 0 of block 1 both read and write total[0]; __syncthreads never
// orders different blocks, so this global-memory race is there for any n.

__global__ void sum_plain(const float *in, float *total, int n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    *total += sdata[0];
}
