//pass
// no launch on purpose: the global index built from copies of the builtins
// The most common 1-D kernel, written with the thread and block ids copied
// into locals first. Each thread writes its own element: blockIdx.x *
// blockDim.x + tx is the global index as much as with threadIdx.x itself,
// and fits in an int under the launch assumption (at most 2^31 threads per
// dimension). racecert reported a race between threads 0 and 2^32 of one
// block (the int index wrapping) before it knew that tx holds threadIdx.x.
__global__ void scale_copied_ids(float *out, const float *in, float k, int n) {
  int tx = threadIdx.x;
  int bx = blockIdx.x;
  int width = blockDim.x;
  int idx = bx * width + tx;
  if (idx < n) {
    out[idx] = k * in[idx];
  }
}
