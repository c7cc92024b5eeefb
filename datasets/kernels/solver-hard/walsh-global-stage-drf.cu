//pass
//--blockDim=256 --gridDim=16
// Fast Walsh-Hadamard transform, one global butterfly stage of stride
// 1 << log2stride: thread pos takes the pair (i0, i0 + stride) with
// i0 = 2 * pos - (pos & (stride - 1)), so the pairs of distinct threads are
// disjoint (i0 has a 0 in the stride bit).
__global__ void walsh_stage(float *data, int log2stride) {
#ifdef __RACECERT__
  __requires(log2stride >= 0 && log2stride < 12);
#endif
  int stride = 1 << log2stride;
  int pos = blockIdx.x * blockDim.x + threadIdx.x;
  int i0 = (pos << 1) - (pos & (stride - 1));
  int i1 = i0 + stride;
  float a = data[i0], b = data[i1];
  data[i0] = a + b;
  data[i1] = a - b;
}
