//pass
//--blockDim=128 --gridDim=4
// Block sum whose last 64 values are reduced by the first warp alone, under
// `if (tid < 32)`, with __syncwarp() between each read of the partner's
// cell and the write of its own. The condition is the same in every thread
// of a warp (lin = tid, warps of 32), so the warp barriers order the warp.
// DRF.

__global__ void last_warp_sum(const int *in, int *out) {
  __shared__ int s[128];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 128 + tid];
  __syncthreads();
  if (tid < 64)
    s[tid] += s[tid + 64];
  __syncthreads();
  if (tid < 32) {
    int v = s[tid] + s[tid + 32];
    __syncwarp();
    s[tid] = v;
    __syncwarp();
    for (int off = 16; off > 0; off /= 2) {
      v += s[tid + off];
      __syncwarp();
      s[tid] = v;
      __syncwarp();
    }
    if (tid == 0)
      out[blockIdx.x] = s[0];
  }
}
