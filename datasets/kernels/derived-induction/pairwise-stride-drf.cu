//pass
//--blockDim=128 --gridDim=4
// Pairwise tree sum over 256 cells: while `active` halves, `stride` doubles
// (a derived induction variable, `stride <<= 1`). Thread tid < active writes
// s[2*stride*tid] and reads s[2*stride*tid + stride]: an even and an odd
// multiple of stride, distinct across threads because stride >= 1.
__global__ void pairwise_sum(const int *in, int *out) {
  __shared__ int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  s[tid + 128] = in[blockIdx.x * 256 + tid + 128];
  unsigned stride = 1;
  for (unsigned active = 128; active > 0; active >>= 1) {
    __syncthreads();
    if (tid < active)
      s[2 * stride * tid] += s[2 * stride * tid + stride];
    stride <<= 1;
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
