//pass
//--blockDim=128 --gridDim=4
// Early return of whole blocks only: the test blockIdx.x * blockDim.x >= n
// has the same value in every thread of a block, so the barrier after it is
// reached by all or none. Threads past n load 0 and do not store. DRF.

__global__ void block_return(const float *in, float *out, int n) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  if (base >= n)
    return;
  int gid = base + t;
  s[t] = gid < n ? in[gid] : 0.0f;
  __syncthreads();
  if (gid < n)
    out[gid] = s[t] + s[(t + 1) % 128];
}
