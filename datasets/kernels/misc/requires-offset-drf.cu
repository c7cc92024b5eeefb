//pass
//--blockDim=64 --gridDim=4
// Each thread writes s[t] and s[t + n]. The ranges [0, 64) and [n, n + 64)
// of two distinct threads meet only when 0 < |n| < 64; the precondition
// n >= 64 (and n <= 960, to stay in bounds) rules that out. Racy twin:
// requires-offset-racy.cu.

__global__ void two_ranges(const float *in, float *out, int n) {
#ifdef __RACECERT__
  __requires(n >= 64 && n <= 960);
#endif
  __shared__ float s[1024];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t] = in[gid];
  s[t + n] = -in[gid];
  __syncthreads();
  out[gid] = s[t] + s[t + n];
}
