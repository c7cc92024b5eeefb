//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// The reuse pattern with the second bar.sync dropped: warp 0's read of b in
// round r races with warp 1's write of b in round r + 1... and warp 0's write
// of a in round r + 1 races with warp 1's read of a in round r.
#define ROUNDS 6

__global__ void barrier_reuse_one_sync(float *out) {
  __shared__ float a[32], b[32];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  float acc = 0;
  for (int r = 0; r < ROUNDS; ++r) {
    if (warp == 0) a[lane] = r + lane;
    asm volatile("bar.sync 3, 64;");
    if (warp == 1) b[lane] = a[31 - lane] + 1;
    if (warp == 0) acc += b[lane];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
