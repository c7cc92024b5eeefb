//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
// Grid-stride loop that shifts an array in place (a[i + 1] = f(a[i])): thread
// g writes a[g + 1] while thread g + 1 reads a[g + 1]; for g = 255 the two
// threads are in different blocks. Needs n >= 3.

__global__ void shift_in_place(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i + 1 < n; i += blockDim.x * gridDim.x)
    a[i + 1] = 0.5f * a[i];
}
