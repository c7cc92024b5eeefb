//pass
//--blockDim=64 --gridDim=4 --warp-sync=32
// Legacy "warp-synchronous" reduction of the last warp (the kernel of
// warp/warp-synchronous-racy.cu) under GPUVerify's --warp-sync=32: threads
// 0..31 are one warp in lock-step, so in s[t] += s[t + 16] thread 16's
// store follows thread 0's load of s[16]. DRF.

__global__ void last_warp_sum(const float *in, float *out) {
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
