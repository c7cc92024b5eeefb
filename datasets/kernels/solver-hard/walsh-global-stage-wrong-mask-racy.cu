//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// The Walsh butterfly stage with i0 = 2 * pos - (pos & stride): for
// stride 1, threads 1 and 2 both take data[2] (i1 of thread 1 = 1 + 1,
// i0 of thread 2 = 4 - 2).
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
