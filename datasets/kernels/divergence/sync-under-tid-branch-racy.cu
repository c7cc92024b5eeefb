//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// Barrier divergence: the first __syncthreads() is inside if (threadIdx.x <
// 16), so threads 0..15 wait at a barrier that threads 16..63 never reach.

__global__ void divergent_branch(float *data) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t] = data[gid];
  if (t < 16) {
    __syncthreads();
    s[t] += s[t + 16];
  }
  __syncthreads();
  data[gid] = s[t];
}
