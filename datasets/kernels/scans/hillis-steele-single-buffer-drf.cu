//pass
//--blockDim=128 --gridDim=4
// Hillis-Steele inclusive scan in one shared buffer: each step first reads
// the partner s[tid - offset] into a register, then (after a barrier) adds it
// to the thread's own cell, then synchronises again. Reads and writes of a
// step are in different phases.

__global__ void scan_single_buffer(const int *in, int *out) {
  __shared__ int s[128];
  unsigned tid = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + tid;
  s[tid] = in[gid];
  __syncthreads();
  for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
    int partner = 0;
    if (tid >= offset)
      partner = s[tid - offset];
    __syncthreads();
    s[tid] += partner;
    __syncthreads();
  }
  out[gid] = s[tid];
}
