//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// As select-buffer-drf.cu, but the index forgets the block: threads of
// different blocks write the same element of the selected buffer.
__global__ void scale_into_bad(const float *src, float *even_buf, float *odd_buf, int odd, float k) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float *dst = odd ? odd_buf : even_buf;
  dst[threadIdx.x] = k * src[i];
}
