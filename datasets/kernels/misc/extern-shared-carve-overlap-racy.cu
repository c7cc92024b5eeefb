//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Two arrays carved out of one extern __shared__ buffer with the second
// placed too early (smem + blockDim.x / 2): thread 64 writes sa[64] = smem[64]
// while thread 0 writes sb[0] = smem[64], with values from a and b.

__global__ void two_arrays_one_buffer(const float *a, const float *b, float *out) {
  extern __shared__ float smem[];
  float *sa = smem;
  float *sb = smem + blockDim.x / 2;
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  sa[t] = a[gid];
  sb[t] = b[gid];
  __syncthreads();
  out[gid] = sa[(t + 1) % blockDim.x] * sb[t];
}
