//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// The Walsh butterfly stage with i0 = 2 * pos - (pos & stride): for
// stride 1, thread 2 takes data[4] and data[5] and thread 3 data[5] and
// data[6].
__global__ void walsh_stage(float *data, int log2stride) {
#ifdef __RACECERT__
  __requires(log2stride >= 0 && log2stride < 12);
#endif
  int stride = 1 << log2stride;
  int pos = blockIdx.x * blockDim.x + threadIdx.x;
  int i0 = (pos << 1) - (pos & stride);
  int i1 = i0 + stride;
  float a = data[i0], b = data[i1];
  data[i0] = a + b;
  data[i1] = a - b;
}
