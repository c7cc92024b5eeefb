//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// The same copy with a stride of two floats per thread but four-wide
// stores: thread t writes out[2t .. 2t+3], thread t+1 writes out[2t+2 ..
// 2t+5]; both write out[2t+2] and out[2t+3].
__global__ void copy4_overlap(const float *in, float *out) {
  unsigned i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  float a, b, c, d;
  asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "l"(in + i));
  asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" : : "l"(out + i), "f"(a), "f"(b), "f"(c), "f"(d));
}
