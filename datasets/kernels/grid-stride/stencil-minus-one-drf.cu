//pass
//--blockDim=128 --gridDim=8
// A 3-point stencil over the interior, its grid-stride loop tested on the
// element before the end (i < n - 1 written as i + 1 < n) and starting at
// 1: out[i] is written by one thread, in only read. DRF.

__global__ void stencil(float *out, const float *in, int n) {
  for (int i = 1 + blockIdx.x * blockDim.x + threadIdx.x; i + 1 < n; i += blockDim.x * gridDim.x)
    out[i] = in[i - 1] + in[i] + in[i + 1];
}
