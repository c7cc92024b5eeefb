//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Single-buffered Hillis-Steele scan without the register copy: at offset 1
// thread 2 reads s[2 - 1] = s[1] while thread 1 writes s[1]
// (s[tid] += s[tid - offset]), with no barrier between the read and the write.

__global__ void scan_single_buffer_no_temp(const int *in, int *out) {
  __shared__ int s[128];
  unsigned tid = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + tid;
  s[tid] = in[gid];
  __syncthreads();
  for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
    if (tid >= offset)
      s[tid] += s[tid - offset];
    __syncthreads();
  }
  out[gid] = s[tid];
}
