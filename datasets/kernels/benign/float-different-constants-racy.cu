//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Thread 0 writes 1.0f and the others 2.0f to the same cell: different
// values, a race.
__global__ void different_constants(float *y) {
  if (threadIdx.x == 0) y[0] = 1.0f;
  else y[0] = 2.0f;
}
