//pass
//--blockDim=64 --gridDim=4
// Case 0 falls through into case 1 and case 2 breaks from inside an if:
// every case writes only the thread's own cells.
__global__ void classify(int *a, int *b, const int *mode) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  switch (mode[t] & 3) {
  case 0:
    a[t] = 0;
    // fall through
  case 1:
    b[t] += 1;
    break;
  case 2:
    if (a[t] < 0) break;
    a[t] = 2;
    break;
  default:
    b[t] = -1;
  }
}
