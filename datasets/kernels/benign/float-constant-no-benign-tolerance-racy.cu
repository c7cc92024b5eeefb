//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4 --no-benign-tolerance
// The same kernel under GPUVerify's --no-benign-tolerance: two writes of
// the same value count as a race.
__global__ void zero_first(float *y, const float *x) {
  y[0] = 0;
  y[1 + blockIdx.x * blockDim.x + threadIdx.x] = x[threadIdx.x];
}
