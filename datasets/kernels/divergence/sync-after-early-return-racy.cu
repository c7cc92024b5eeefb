//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// Barrier divergence after an early return: threads with gid >= n leave
// before the barrier. For n = 1, thread 0 of block 0 waits at __syncthreads()
// while threads 1..63 of its block have returned.

__global__ void early_return_then_sync(const float *in, float *out, int n) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  int gid = blockIdx.x * blockDim.x + t;
  if (gid >= n)
    return;
  s[t] = in[gid];
  __syncthreads();
  out[gid] = s[(t + 1) % 64];
}
