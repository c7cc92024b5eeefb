//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The per-warp reduction of syncwarp-reduce-drf.cu without the __syncwarp()
// after the write: lane 1 writes s[1] in one step while lane 0 reads
// s[0 + off] = s[1] at off = 1 in the next, with no warp barrier between.

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
  }
  if (lane == 0)
    out[blockIdx.x * 2 + tid / 32] = v;
}
