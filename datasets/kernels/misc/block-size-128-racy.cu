//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// The kernel of block-size-64-drf.cu with 128 threads per block: threads t
// and t + 64 both write s[t % 64], with different input values. The
// verdict depends on the block size in the header.

__global__ void ring(const float *in, float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t % 64] = in[gid];
  __syncthreads();
  out[gid] = s[(t + 1) % 64];
}
