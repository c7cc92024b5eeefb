//pass
//--blockDim=128 --gridDim=4
// Two arrays carved out of one extern __shared__ buffer: sa = smem and
// sb = smem + blockDim.x do not overlap, so thread t alone writes sa[t] and
// sb[t]; a barrier, then neighbours are read.

__global__ void two_arrays_one_buffer(const float *a, const float *b, float *out) {
  extern __shared__ float smem[];
  float *sa = smem;
  float *sb = smem + blockDim.x;
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  sa[t] = a[gid];
  sb[t] = b[gid];
  __syncthreads();
  out[gid] = sa[(t + 1) % blockDim.x] * sb[t];
}
