//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The kernel of requires-offset-drf.cu without its precondition: for n = 1,
// thread 1 writes s[1] = in[1] while thread 0 writes s[0 + 1] = -in[0], in
// the same phase.

__global__ void two_ranges(const float *in, float *out, int n) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t] = in[gid];
  s[t + n] = -in[gid];
  __syncthreads();
  out[gid] = s[t] + s[t + n];
}
