//pass
//--blockDim=128 --gridDim=4
// A barrier under a condition on a kernel parameter and blockIdx only: all
// threads of a block take the same branch, so there is no divergence. The
// then-branch reads a neighbour's cell after the barrier; the else-branch
// reads the thread's own cell. DRF.

__global__ void uniform_branch(const float *in, float *out, int mode) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t] = in[gid];
  if (mode > 0 && blockIdx.x % 2 == 0) {
    __syncthreads();
    out[gid] = s[(t + 1) % 128];
  } else {
    out[gid] = s[t];
  }
}
