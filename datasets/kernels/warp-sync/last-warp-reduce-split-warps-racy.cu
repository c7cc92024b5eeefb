//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4 --warp-sync=32
// The last-warp reduction run by 64 threads (t < 64) in a block of 128:
// threads 0..31 and 32..63 are different warps, which lock-step does not
// order: thread 32 writes s[32] (s[t] += s[t + 64]) while thread 0 reads
// s[0 + 32] in its first statement; a data race.

__global__ void two_warp_sum(const float *in, float *out) {
  __shared__ volatile float s[128];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  if (t < 64) {
    s[t] += s[t + 64];
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
