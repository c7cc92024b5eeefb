//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// Barrier divergence on data: the barrier is reached only by the threads
// whose input element is positive, which differs between threads for some
// inputs (thread 0 with in[0] > 0, thread 1 with in[1] <= 0).

__global__ void data_dependent_sync(const float *in, float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  s[t] = in[gid];
  if (in[gid] > 0.0f)
    __syncthreads();
  out[gid] = s[t];
}
