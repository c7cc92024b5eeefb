//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// A double view of a float array: thread t writes the double at bytes
// [8t, 8t + 8), i.e. floats 2t and 2t + 1; thread t reads float t + 1,
// which for t >= 1 lies in another thread's double.
__global__ void double_of_floats(float *f, float *out) {
  ((double *)f)[threadIdx.x] = 0.0;
  out[threadIdx.x] = f[threadIdx.x + 1];
}
