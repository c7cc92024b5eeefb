//pass
//--blockDim=256 --gridDim=4
// Grid-stride loop tested on the element after the thread's own
// (i + 1 < n), writing a second array: each element of b is written by
// one thread, and a is only read. DRF.

__global__ void shift_out_of_place(float *b, const float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i + 1 < n; i += blockDim.x * gridDim.x)
    b[i + 1] = 0.5f * a[i];
}
