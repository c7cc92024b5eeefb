//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Global output indexed by threadIdx.x alone, with four blocks: thread 0 of
// block 0 writes out[0] = in[0] and thread 0 of block 1 writes out[0] =
// in[128]. Barriers never order blocks, so this global race is unavoidable.

__global__ void per_thread_slot(const float *in, float *out) {
  out[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
