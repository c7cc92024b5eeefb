//pass
//--blockDim=[16,16] --gridDim=[2,2]
// Texture fetches read read-only memory: any texel, any thread, no race.
__global__ void sample(float *out, cudaTextureObject_t tex) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = tex2D<float>(tex, x + 0.5f, y + 0.5f) + tex1Dfetch<float>(tex, 0) + tex2DLod<float>(tex, 0.5f, 0.5f, 0.0f);
  out[y * gridDim.x * blockDim.x + x] = v;
}
