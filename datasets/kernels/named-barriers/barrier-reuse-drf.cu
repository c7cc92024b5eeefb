//pass
//--blockDim=64 --gridDim=8
// One named barrier reused in both directions, generation after generation
// (the Heptane pattern): warp 0 writes a, both sync on barrier 3; warp 1
// reads a and writes b, both sync on barrier 3 again; warp 0 reads b.
#define ROUNDS 6

__global__ void barrier_reuse(float *out) {
  __shared__ float a[32], b[32];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  float acc = 0;
  for (int r = 0; r < ROUNDS; ++r) {
    if (warp == 0) a[lane] = r + lane;
    asm volatile("bar.sync 3, 64;");
    if (warp == 1) b[lane] = a[31 - lane] + 1;
    asm volatile("bar.sync 3, 64;");
    if (warp == 0) acc += b[lane];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
