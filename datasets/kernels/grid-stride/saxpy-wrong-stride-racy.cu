//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
// Grid-stride SAXPY with the block size as stride (i += blockDim.x): with
// n > 256, thread 0 of block 0 reaches i = 256 in its second iteration, the
// first cell of thread 0 of block 1; both read and write y[256].

__global__ void saxpy_wrong_stride(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    y[i] = a * x[i] + y[i];
}
