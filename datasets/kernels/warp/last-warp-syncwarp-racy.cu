//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// The reduction of last-warp-syncwarp-drf.cu run by two warps, under
// `if (tid < 64)`: thread 1 reads s[1 + 32] while thread 33, of the other
// warp, writes s[33] after its own __syncwarp(). Warp barriers do not order
// two warps.

__global__ void last_warp_sum(const int *in, int *out) {
  __shared__ int s[128];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 128 + tid];
  __syncthreads();
  if (tid < 64)
    s[tid] += s[tid + 64];
  __syncthreads();
  if (tid < 64) {
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
