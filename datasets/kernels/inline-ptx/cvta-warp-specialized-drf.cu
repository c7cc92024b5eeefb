//pass
//--blockDim=128 --gridDim=2
// Warp-specialized exchange in the CudaDMA style, all in inline PTX: warps
// 0-1 load a tile from global memory (cvta.to.global, ld.global.cg.f64) and
// store it to shared memory, then arrive on named barrier 1; warps 2-3 sync
// on it and read the tile.
__global__ void produce_consume(const double *src, double *dst) {
  __shared__ double tile[64];
  unsigned t = threadIdx.x;
  if (t < 64) {
    double v;
    asm volatile("{\n\t.reg .u64 %%g;\n\tcvta.to.global.u64 %%g, %1;\n\tld.global.cg.f64 %0, [%%g];\n\t}"
                 : "=d"(v)
                 : "l"(src + blockIdx.x * 64 + t));
    asm volatile("st.shared.f64 [%0], %1;" : : "l"(&tile[t]), "d"(v) : "memory");
    asm volatile("bar.arrive 1, 128;" : : : "memory");
  } else {
    asm volatile("bar.sync 1, 128;" : : : "memory");
    double w;
    asm volatile("ld.shared.f64 %0, [%1];" : "=d"(w) : "l"(&tile[127 - t]));
    dst[blockIdx.x * 64 + t - 64] = w;
  }
}
