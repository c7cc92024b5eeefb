//pass
//--blockDim=64 --gridDim=4
// Every thread writes 0 to y[0] (float): writes of the same value are
// benign, as GPUVerify counts them by default, for floating-point
// constants as for integers.
__global__ void zero_first(float *y, const float *x) {
  y[0] = 0;
  y[1 + blockIdx.x * blockDim.x + threadIdx.x] = x[threadIdx.x];
}
