//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Every thread writes its own id to one shared scalar: threads 0 and 1 write
// leader = 0 and leader = 1 in the same phase, two writes of different values.

__global__ void last_writer_wins(const int *in, int *out) {
  __shared__ unsigned leader;
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  leader = t;
  __syncthreads();
  out[gid] = in[gid] + leader;
}
