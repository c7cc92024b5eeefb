//pass
// no launch on purpose: racecert checks every launch whose y and z sizes are 1
// SAXPY with a grid-stride loop and no launch configuration. The kernel
// reads no .y or .z coordinate or size, so racecert checks it as launched
// with blockDim.y = blockDim.z = gridDim.y = gridDim.z = 1 (Faial's
// convention, stated in its output): thread g handles i = g, g + S, g + 2S,
// ... with S = blockDim.x * gridDim.x, so each y[i] has one owner. With
// --all-dims it is racy: two threads that differ only in threadIdx.y write
// the same y[i].
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
