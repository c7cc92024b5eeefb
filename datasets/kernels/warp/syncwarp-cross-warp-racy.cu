//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// A shared-memory reduction over the whole block of 64 ordered by
// __syncwarp() only: at off = 32 thread 0 (warp 0) reads s[32] while thread
// 32 (warp 1) writes s[32] after its own __syncwarp(). A warp barrier does
// not order threads of different warps.

__global__ void block_sum_warp_sync(const int *in, int *out) {
  __shared__ int s[64];
  unsigned tid = threadIdx.x;
  int v = in[blockIdx.x * blockDim.x + tid];
  s[tid] = v;
  __syncthreads();
  for (unsigned off = 32; off > 0; off >>= 1) {
    if (tid < off)
      v += s[tid + off];
    __syncwarp();
    s[tid] = v;
    __syncwarp();
  }
  if (tid == 0)
    out[blockIdx.x] = v;
}
