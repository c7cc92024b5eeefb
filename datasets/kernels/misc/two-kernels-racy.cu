//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Two racy kernels in one file. scale_shifted: thread gid writes data[gid + 1]
// while thread gid + 1 reads and writes data[gid + 1] (global). neighbour_diff:
// thread 0 reads s[1] while thread 1 writes it (no barrier).

__global__ void scale_shifted(float *data, float factor) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  data[gid + 1] = data[gid] * factor;
}

__global__ void neighbour_diff(const float *in, float *out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t] = in[gid];
  out[gid] = s[(t + 1) % 128] - s[t];
}
