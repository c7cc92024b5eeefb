//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// Even threads fall through from case 0 into case 1: threads 2k and 2k + 1
// both write b[k] (a missing break).
__global__ void classify(int *a, int *b) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  switch (t % 2) {
  case 0:
    a[t] = 0;
  case 1:
    b[t / 2] = t;
    break;
  }
}
