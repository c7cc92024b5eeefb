//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
// Grid-stride loop tested two elements ahead (i + 2 < n) that shifts an
// array in place: thread g writes a[g + 2] while thread g + 2 reads it.
// Needs n >= 4.

__global__ void shift_by_two(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i + 2 < n; i += blockDim.x * gridDim.x)
    a[i + 2] = a[i] + 1.0f;
}
