//pass
//--blockDim=128 --gridDim=1
// A union that overlays a float4 and its four floats, as packing code does:
// each thread writes its own element through both members.
union Packet {
  float4 v;
  float f[4];
};

__global__ void pack(Packet *p, const float *in) {
  int i = threadIdx.x;
  p[i].v = make_float4(in[i], 0.0f, 0.0f, 0.0f);
  p[i].f[3] = 1.0f;
}
