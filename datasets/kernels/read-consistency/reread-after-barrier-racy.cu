//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// A read agrees with an earlier read of the same cell only within one
// barrier interval. Thread t reads f[t], and after two barriers reads f[t]
// again; in between, thread t - 1 may set f[t] (it writes f[t + 1] when its
// own first read was 0). Then threads 1 and 2 both see f[t] change and
// write slot[0], different values.
__global__ void reread(int *flags, int *slot) {
  __shared__ int f[65];
  unsigned t = threadIdx.x;
  f[t] = flags[t];
  __syncthreads();
  int before = f[t];
  __syncthreads();
  if (t < 63 && before == 0) f[t + 1] = 1;
  __syncthreads();
  if (before == 0 && f[t] != 0) slot[0] = t;
}
