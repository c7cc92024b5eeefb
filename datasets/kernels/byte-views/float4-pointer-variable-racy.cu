//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// As float4-pointer-variable-drf.cu, but the float4 pointer starts one
// float in, so that it covers floats 4i + 1 to 4i + 4, while each thread
// also clears float 4i: thread i - 1's last.
__global__ void copy4_shifted(const float *in, float *out) {
  float4 *out4 = reinterpret_cast<float4 *>(out + 1);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out4[i] = make_float4(in[i], in[i], in[i], in[i]);
  out[4 * i] = 0.0f;
}
