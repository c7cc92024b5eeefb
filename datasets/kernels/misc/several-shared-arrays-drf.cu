//pass
//--blockDim=128 --gridDim=4
// Three shared arrays: thread t writes a[t], b[(t + 1) % 128] and, for
// t < 4, cnt[t]; each cell of each array has one writer. A barrier, then
// each thread reads cells written by others.

__global__ void three_arrays(const float *x, const float *y, float *out) {
  __shared__ float a[128];
  __shared__ float b[128];
  __shared__ int cnt[4];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  a[t] = x[gid];
  b[(t + 1) % 128] = y[gid];
  if (t < 4)
    cnt[t] = (int)t;
  __syncthreads();
  out[gid] = a[(t + 1) % 128] * b[t] + cnt[t % 4];
}
