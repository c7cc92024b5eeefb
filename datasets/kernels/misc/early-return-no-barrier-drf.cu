//pass
//--blockDim=128 --gridDim=4
// Early return after the last barrier: every thread loads and synchronises,
// then threads past n return; no barrier follows the return, so there is no
// divergence. Reads of neighbours come after the barrier.

__global__ void neighbour_sum(const float *in, float *out, int n) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  int gid = blockIdx.x * blockDim.x + t;
  s[t] = gid < n ? in[gid] : 0.0f;
  __syncthreads();
  if (gid >= n)
    return;
  out[gid] = s[t] + s[(t + 1) % 128];
}
