//pass
//--blockDim=64 --gridDim=4
// A 64-cell shared array indexed threadIdx.x % 64 with 64 threads per block:
// the index is the thread id, one writer per cell. The same code with
// --blockDim=128 is racy (block-size-128-racy.cu).

__global__ void ring(const float *in, float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t % 64] = in[gid];
  __syncthreads();
  out[gid] = s[(t + 1) % 64];
}
