//pass
//--blockDim=128 --gridDim=4
// Iterated 3-point smoothing with two shared buffers swapped through
// pointers: each iteration reads src and writes dst, a barrier, then src and
// dst swap (the same in every thread). The buffer read in one iteration is
// written only in the next phase. racecert keeps which buffer each pointer
// selects as one of the two states the swap cycles through.

__global__ void smooth_swap(const float *in, float *out, int iters) {
  __shared__ float bufA[130];
  __shared__ float bufB[130];
  float *src = bufA;
  float *dst = bufB;
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  src[t + 1] = in[gid];
  if (t == 0) {
    bufA[0] = bufA[129] = 0.0f;
    bufB[0] = bufB[129] = 0.0f;
  }
  __syncthreads();
  for (int it = 0; it < iters; it++) {
    dst[t + 1] = (src[t] + src[t + 1] + src[t + 2]) / 3.0f;
    __syncthreads();
    float *tmp = src;
    src = dst;
    dst = tmp;
  }
  out[gid] = src[t + 1];
}
