//pass
//--blockDim=64 --gridDim=4
// The math API and intrinsics nvcc declares without an #include (fast
// math, rounding modes, bit casts, integer intrinsics): their results are
// values; only out[t] and bits[t] are written.
__global__ void transform(float *out, unsigned *bits, const float *in) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[t], s, c;
  __sincosf(x, &s, &c);
  out[t] = __expf(x) + __exp10f(x) + __log2f(s) + __fdividef(s, c) + __saturatef(x) + __fmul_rn(x, x) +
           rsqrtf(x) + erfinvf(x) + normcdff(x) + sinpif(x) + exp10f(x) + __int_as_float(__float_as_int(x)) +
           fabs(1.0) + abs(-1.0f);
  bits[t] = __popc(t) + __clz(t) + __ffs(t) + __brev(t) + __byte_perm(t, 0, 0x3210) + __funnelshift_l(t, t, 3) +
            __sad(1, 2, t) + __usad(1, 2, t) + __hadd(1, 2) + __rhadd(1, 2) + __mul24(1, 2) + __umul24(t, 2u) +
            abs(-3) + __umulhi(t, t);
}
