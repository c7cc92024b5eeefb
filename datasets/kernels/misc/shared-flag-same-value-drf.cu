//pass
//--blockDim=128 --gridDim=4
// "Any negative element in this block?": thread 0 clears found, a barrier,
// then every thread with a negative element writes found = 1. Several threads
// may write found in one phase, but all write the same value 1: a benign
// write-write, counted as DRF. The reads come after a second barrier.

__global__ void any_negative(const float *in, float *out) {
  __shared__ int found;
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  if (t == 0)
    found = 0;
  __syncthreads();
  if (in[gid] < 0.0f)
    found = 1;
  __syncthreads();
  out[gid] = found ? -in[gid] : in[gid];
}
