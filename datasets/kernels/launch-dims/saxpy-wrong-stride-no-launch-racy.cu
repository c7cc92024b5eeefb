//xfail:NOT_ALL_VERIFIED
// no launch on purpose: racy for every launch with 2 or more blocks along x
// saxpy-no-launch-drf.cu with the stride loop starting at threadIdx.x:
// every block walks the same cells, so thread 0 of block 0 and thread 0 of
// block 1 both write y[0]. Within one block the threads' cells differ, so
// the report explains the launch: "racy when gridDim.x >= 2".
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    y[i] = a * x[i] + y[i];
}
