//pass
//--blockDim=256 --gridDim=8
// The output buffer chosen by a parameter (as a kernel launched on either
// half of a double buffer does): each thread writes its own element of
// whichever buffer `odd` selects.
__global__ void scale_into(const float *src, float *even_buf, float *odd_buf, int odd, float k) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float *dst = odd ? odd_buf : even_buf;
  dst[i] = k * src[i];
}
