//pass
//--blockDim=256 --gridDim=16
// Tree sum with the step given as a shift by the loop variable: at level
// s thread t adds cell t + (1 << s) into cell t when t is a multiple of
// 2 << s. Writers are multiples of 2^(s+1), the cells they read are odd
// multiples of 2^s: disjoint, and a barrier ends every level.
#define LOG2B 8

__global__ void tree_sum(float *out, const float *in) {
  __shared__ float s[1 << LOG2B];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int level = 0; level < LOG2B; ++level) {
    if ((t & ((2 << level) - 1)) == 0) s[t] += s[t + (1 << level)];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
