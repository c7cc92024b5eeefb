//pass
//--blockDim=64 --gridDim=1
// Thread t stores the float4 of floats 4t..4t+3 and loads its own third
// element, float 4t + 2.
__global__ void float4_store_own_float(float *f, float *out) {
  reinterpret_cast<float4 *>(f)[threadIdx.x] = make_float4(0, 0, 0, 0);
  out[threadIdx.x] = f[4 * threadIdx.x + 2];
}
