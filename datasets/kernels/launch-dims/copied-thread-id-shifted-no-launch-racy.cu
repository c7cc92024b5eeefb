//xfail:NOT_ALL_VERIFIED
// no launch on purpose: the copy of threadIdx.x changes before the index uses it
// As copied-thread-id-no-launch-drf.cu, but tx is threadIdx.x / 2 by the time
// the index is built: threads 2t and 2t+1 of a block write the same element.
__global__ void scale_copied_ids_halved(float *out, const float *in, float k, int n) {
  int tx = threadIdx.x;
  int bx = blockIdx.x;
  if (n > 0) tx = tx / 2;
  int idx = bx * blockDim.x + tx;
  if (idx < n) {
    out[idx] = k * in[idx];
  }
}
