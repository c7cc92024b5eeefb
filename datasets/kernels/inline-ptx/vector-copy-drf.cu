//pass
//--blockDim=64 --gridDim=4
// A float4 copy written in inline PTX: each thread loads its own four floats
// with ld.global.nc.v4.f32 (read-only, no L1 allocation) and stores them
// with st.global.cs.v4.f32, at offsets 16 bytes apart.
__global__ void copy4(const float *in, float *out) {
  unsigned i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  float a, b, c, d;
  asm volatile("ld.global.nc.L1::no_allocate.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
               : "l"(in + i));
  asm volatile("st.global.cs.v4.f32 [%0], {%1, %2, %3, %4};" : : "l"(out + i), "f"(a), "f"(b), "f"(c), "f"(d));
}
