//pass
//--blockDim=256 --gridDim=4
// Tree reduction written with helper functions that take the shared array
// as a pointer (also offset: s + k) or a reference to one element. After
// inlining, the accesses are those of the plain tree reduction: DRF.

__device__ void store(float *p, unsigned i, float v) { p[i] = v; }
__device__ float load(const float *p, unsigned i) { return p[i]; }
__device__ void accumulate(float &dst, float v) { dst += v; }

__global__ void reduce_with_helpers(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  store(s, t, in[blockIdx.x * blockDim.x + t]);
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k)
      accumulate(s[t], load(s + k, t));
    __syncthreads();
  }
  if (t == 0)
    store(out, blockIdx.x, load(s, 0));
}
