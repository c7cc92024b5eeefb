//pass
//--blockDim=64 --gridDim=4
// A do loop with an induction variable k: thread t fills s[t + 64k] for
// k = 0..3 (one writer per cell), a barrier, then a while loop with its own
// induction variable reads four cells. Reads only after the barrier.

__global__ void do_loop(const int *in, int *out) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * 256;
  int k = 0;
  do {
    s[t + k * 64] = in[base + t + k * 64];
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
