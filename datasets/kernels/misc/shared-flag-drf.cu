//pass
//--blockDim=128 --gridDim=4
// A scalar in shared memory: thread 0 alone writes flag, a barrier, then
// every thread reads it. One writer, and the reads are in a later phase.

__global__ void flag_broadcast(const int *in, int *out) {
  __shared__ int flag;
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  if (t == 0)
    flag = in[blockIdx.x] > 0;
  __syncthreads();
  out[gid] = flag ? in[gid] : 0;
}
