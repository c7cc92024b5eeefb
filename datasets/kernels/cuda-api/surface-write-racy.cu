//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[2,2]
// x is a byte offset, not a column: 4-byte texels written at x = column
// overlap (thread (0,0) writes bytes [0, 4), thread (1,0) bytes [1, 5)).
__global__ void blur(cudaSurfaceObject_t out, cudaSurfaceObject_t in) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = surf2Dread<float>(in, 4 * x, y);
  surf2Dwrite(v, out, x, y);
}
