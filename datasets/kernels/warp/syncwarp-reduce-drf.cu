//pass
//--blockDim=64 --gridDim=4
// Per-warp reduction in shared memory ordered by __syncwarp() only: each warp
// works on its own 32 cells; in a step a lane reads its partner s[tid + off]
// (same warp), __syncwarp(), then writes its own cell, __syncwarp(). Warps
// never touch each other's cells, so warp barriers suffice. DRF.

__global__ void syncwarp_sum(const int *in, int *out) {
  __shared__ int s[64];
  unsigned tid = threadIdx.x;
  unsigned lane = tid % 32;
  int v = in[blockIdx.x * blockDim.x + tid];
  s[tid] = v;
  __syncwarp();
  for (unsigned off = 16; off > 0; off >>= 1) {
    if (lane < off)
      v += s[tid + off];
    __syncwarp();
    s[tid] = v;
    __syncwarp();
  }
  if (lane == 0)
    out[blockIdx.x * 2 + tid / 32] = v;
}
