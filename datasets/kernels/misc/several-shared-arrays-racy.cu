//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Two shared arrays, one racy: a is written at a[t] and read only after the
// barrier (DRF), but b is read at b[(t + 1) % 128] before the barrier, so
// thread 0 reads b[1] while thread 1 writes it. Only b races.

__global__ void two_arrays(const float *x, const float *y, float *out) {
  __shared__ float a[128];
  __shared__ float b[128];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  a[t] = x[gid];
  b[t] = y[gid];
  float next = b[(t + 1) % 128];
  __syncthreads();
  out[gid] = a[(t + 1) % 128] * next;
}
