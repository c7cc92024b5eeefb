//pass
//--blockDim=128 --gridDim=2
// Rotation of each warp's values by one lane through shared memory: every
// lane writes its cell, __syncwarp(0xffffffff) (the full mask), reads the
// next lane's cell (wrapping inside its warp), __syncwarp(0xffffffff), and
// writes its cell again. Every pair of accesses to one cell is within one
// warp and separated by a warp barrier. DRF.

__global__ void rotate(const int *in, int *out) {
  __shared__ int s[128];
  unsigned tid = threadIdx.x;
  unsigned base = tid / 32 * 32;
  s[tid] = in[blockIdx.x * 128 + tid];
  __syncwarp(0xffffffff);
  int next = s[base + (tid + 1) % 32];
  __syncwarp(0xffffffff);
  s[tid] = next * 2;
  out[blockIdx.x * 128 + tid] = s[tid];
}
