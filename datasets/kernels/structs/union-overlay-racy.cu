//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// As union-overlay-drf.cu, but each thread also sets the last float of the
// previous thread's packet: the same bytes as that thread's v.w.
union Packet {
  float4 v;
  float f[4];
};

__global__ void pack_shifted(Packet *p, const float *in) {
  int i = threadIdx.x;
  p[i].v = make_float4(in[i], 0.0f, 0.0f, (float)i);
  if (i > 0) p[i - 1].f[3] = 1.0f;
}
