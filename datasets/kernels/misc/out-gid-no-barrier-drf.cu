//pass
//--blockDim=256 --gridDim=16
// The simplest DRF kernel: no shared memory, no barrier; thread gid reads
// in[gid] and writes out[gid], one cell per thread of the grid.

__global__ void square_plus_one(const float *in, float *out) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid] * in[gid] + 1.0f;
}
