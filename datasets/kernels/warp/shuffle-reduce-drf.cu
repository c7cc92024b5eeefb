//pass
//--blockDim=256 --gridDim=4
// Block sum with warp shuffles: each warp reduces in registers with
// __shfl_down_sync, lane 0 of each warp writes warp_sums[warp] (one writer per
// cell), a barrier, then warp 0 reduces the 8 partial sums and lane 0 writes
// out[blockIdx.x].

__global__ void shuffle_sum(const float *in, float *out) {
  __shared__ float warp_sums[8];
  unsigned t = threadIdx.x;
  unsigned lane = t % 32, warp = t / 32;
  float v = in[blockIdx.x * blockDim.x + t];
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, off);
  if (lane == 0)
    warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
    for (int off = 16; off > 0; off >>= 1)
      v += __shfl_down_sync(0xffffffffu, v, off);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}
