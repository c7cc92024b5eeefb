//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
// Helpers called with an offset pointer: store(s + 1, t, ...) writes s[t + 1]
// and load(s, t) reads s[t] in the same phase, so thread 1 reads s[1] while
// thread 0 writes s[0 + 1] through the shifted pointer.

__device__ void store(float *p, unsigned i, float v) { p[i] = v; }
__device__ float load(const float *p, unsigned i) { return p[i]; }

__global__ void shift_with_helpers(const float *in, float *out) {
  __shared__ float s[257];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  store(s + 1, t, in[gid]);
  float left = load(s, t);
  __syncthreads();
  store(out, gid, left + load(s, t + 1));
}
