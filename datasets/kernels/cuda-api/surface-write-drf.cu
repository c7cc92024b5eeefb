//pass
//--blockDim=[16,16] --gridDim=[2,2]
// A 2D surface written at x = 4 * column (x counts bytes): one 4-byte texel
// per thread, read from another surface.
__global__ void blur(cudaSurfaceObject_t out, cudaSurfaceObject_t in) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = surf2Dread<float>(in, 4 * x, y) + surf2Dread<float>(in, 4 * x + 4, y);
  surf2Dwrite(v * 0.5f, out, 4 * x, y);
}
