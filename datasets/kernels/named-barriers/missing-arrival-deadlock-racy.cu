//xfail:NOT_ALL_VERIFIED
//--blockDim=96 --gridDim=1
// Barrier 1 expects all 96 threads but warp 2 never reaches it: warps 0 and
// 1 wait forever (WEFT's Listing 1 shape).

__global__ void missing_arrival(float *out) {
  __shared__ float buf[96];
  int warp = threadIdx.x / 32;
  buf[threadIdx.x] = threadIdx.x;
  if (warp < 2)
    asm volatile("bar.sync 1, 96;");
  out[threadIdx.x] = buf[(threadIdx.x + 32) % 96];
}
