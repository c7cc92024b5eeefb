//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Single-buffered Hillis-Steele scan with the register copy but without the
// barrier between the read and the write: at offset 1 thread 2 reads s[1]
// while thread 1 writes s[1] (s[tid] += partner), in the same phase.

__global__ void scan_single_buffer_one_barrier(const int *in, int *out) {
  __shared__ int s[128];
  unsigned tid = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + tid;
  s[tid] = in[gid];
  __syncthreads();
  for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
    int partner = 0;
    if (tid >= offset)
      partner = s[tid - offset];
    s[tid] += partner;
    __syncthreads();
  }
  out[gid] = s[tid];
}
