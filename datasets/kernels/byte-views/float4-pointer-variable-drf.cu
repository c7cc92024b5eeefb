//pass
//--blockDim=128 --gridDim=8
// The vectorized copy real kernels write: a float4 pointer variable over a
// float array, each thread moving its own 16 bytes.
__global__ void copy4(const float *in, float *out) {
  const float4 *in4 = reinterpret_cast<const float4 *>(in);
  float4 *out4 = reinterpret_cast<float4 *>(out);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = in4[i];
  v.x *= 2.0f;
  out4[i] = v;
}
