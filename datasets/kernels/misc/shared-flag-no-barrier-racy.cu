//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// A shared scalar written by thread 0 and read by all threads with no barrier
// in between: thread 0 writes flag while thread 1 reads it, in one phase.

__global__ void flag_broadcast(const int *in, int *out) {
  __shared__ int flag;
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  if (t == 0)
    flag = in[blockIdx.x] > 0;
  out[gid] = flag ? in[gid] : 0;
}
