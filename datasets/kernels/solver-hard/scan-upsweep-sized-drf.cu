//pass
//--blockDim=64 --gridDim=8
// Up-sweep (reduce) phase of a work-efficient scan over 2 * n cells of
// shared memory, n a parameter fixed by a precondition: at each level the
// d active threads add cell step * (2t + 1) - 1 into step * (2t + 2) - 1,
// where step doubles as d halves. Distinct threads touch distinct pairs, and
// a barrier opens every level. The halving d takes a few values only: the
// query splits into one linear case per value (docs/smt-encoding.md).
__global__ void upsweep(int *data, int n) {
#ifdef __RACECERT__
  __requires(n == 64);
#endif
  __shared__ int s[128];
  int t = threadIdx.x;
  s[2 * t] = data[blockIdx.x * 128 + 2 * t];
  s[2 * t + 1] = data[blockIdx.x * 128 + 2 * t + 1];
  int step = 1;
  for (int d = n; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int left = step * (2 * t + 1) - 1;
      int right = step * (2 * t + 2) - 1;
      s[right] += s[left];
    }
    step *= 2;
  }
  __syncthreads();
  data[blockIdx.x * 128 + 2 * t] = s[2 * t];
  data[blockIdx.x * 128 + 2 * t + 1] = s[2 * t + 1];
}
