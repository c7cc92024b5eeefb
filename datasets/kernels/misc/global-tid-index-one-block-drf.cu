//pass
//--blockDim=128 --gridDim=1
// Global output indexed by threadIdx.x alone, launched with a single block:
// each cell has one writer. The same kernel with four blocks is racy
// (global-tid-index-four-blocks-racy.cu).

__global__ void per_thread_slot(const float *in, float *out) {
  out[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
