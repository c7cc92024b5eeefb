//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// WEFT Sec. 4, error kind 4, a data race (Definition 8), on the paper's
// working example (Listing 2 / Fig. 3) with one bug: in the second round,
// warp 1 writes g after its arrive on barrier 1 instead of before it, so
// warp 0's read after its sync on generation 2 of barrier 1 is not ordered
// with that write.

__global__ void race_across_generations(float *out, float w, float z) {
  __shared__ float g[32];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  float x = 0, y = 0;
  asm volatile("bar.sync 0, 64;");
  if (warp == 0) {
    g[lane] = w;
    asm volatile("bar.arrive 1, 64;");
  } else {
    asm volatile("bar.sync 1, 64;");
    x = g[lane];
  }
  asm volatile("bar.sync 0, 64;");
  if (warp == 0) {
    asm volatile("bar.sync 1, 64;");
    y = g[lane];
  } else {
    asm volatile("bar.arrive 1, 64;");
    g[lane] = z;
  }
  out[threadIdx.x] = x + y;
}
