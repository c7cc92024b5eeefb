//pass
//--blockDim=128 --gridDim=4
// Templated rotation never instantiated: OFFSET stays a uniform unknown.
// Each thread writes s[t], a barrier, then reads s[(t + OFFSET) % 128]; only
// reads follow the barrier, so the kernel is DRF for every OFFSET.

template <int OFFSET>
__global__ void rotate(const float *in, float *out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t] = in[gid];
  __syncthreads();
  out[gid] = s[(t + OFFSET) % blockDim.x];
}
