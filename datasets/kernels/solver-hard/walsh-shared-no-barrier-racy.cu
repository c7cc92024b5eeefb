//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// The shared Walsh transform with the barrier after the stage loop
// instead of inside it: thread 0 writes s[1] at stride 1 while thread 1
// reads it at stride 2, in one phase.
#define LOG2N 9
#define N (1 << LOG2N)

__global__ void walsh_shared(float *data) {
  __shared__ float s[N];
  float *block = data + (blockIdx.x << LOG2N);
  for (int pos = threadIdx.x; pos < N; pos += blockDim.x) s[pos] = block[pos];
  for (int stride = N >> 1; stride > 0; stride >>= 1) {
    for (int pos = threadIdx.x; pos < N / 2; pos += blockDim.x) {
      int lo = pos & (stride - 1);
      int i0 = ((pos - lo) << 1) + lo;
      int i1 = i0 + stride;
      float a = s[i0], b = s[i1];
      s[i0] = a + b;
      s[i1] = a - b;
    }
  }
  __syncthreads();
  for (int pos = threadIdx.x; pos < N; pos += blockDim.x) block[pos] = s[pos];
}
