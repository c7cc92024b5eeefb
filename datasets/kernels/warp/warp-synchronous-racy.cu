//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// Legacy "warp-synchronous" reduction of the last warp, relying on lock-step
// execution and volatile with no __syncwarp(): thread 16 writes s[16]
// (s[t] += s[t + 16]) while thread 0 reads s[0 + 16] in the same phase. A
// data race under the CUDA memory model (independent thread scheduling).

__global__ void warp_sync_sum(const float *in, float *out) {
  __shared__ volatile float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  if (t < 32) {
    s[t] += s[t + 32];
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    s[t] += s[t + 1];
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
