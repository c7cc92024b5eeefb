//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// A do loop whose index forgets the stride (s[t + k]): thread 0 writes s[1]
// at k = 1 (value in[base + 1]) while thread 1 writes s[1] at k = 0 (value
// in[base + 4]), in the same phase.

__global__ void do_loop(const int *in, int *out) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * 256;
  int k = 0;
  do {
    s[t + k] = in[base + t * 4 + k];
    k++;
  } while (k < 4);
  __syncthreads();
  int i = 0, acc = 0;
  while (i < 4) {
    acc += s[(t + 64 * i + 1) % 256];
    i++;
  }
  out[blockIdx.x * 64 + t] = acc;
}
