//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Two nested grid-stride loops over a w x h image: each thread visits the
// pixels whose (x mod 64, y mod 64) are its own global coordinates, and with
// x < w the cell y*w + x identifies the pixel, so no pixel has two owners.

__global__ void scale_image(float *img, int w, int h, float s) {
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < h; y += blockDim.y * gridDim.y)
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < w; x += blockDim.x * gridDim.x)
      img[y * w + x] *= s;
}
