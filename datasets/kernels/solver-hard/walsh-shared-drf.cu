//pass
//--blockDim=256 --gridDim=64
// Fast Walsh-Hadamard transform of 512-element blocks in shared memory: a
// barrier before every stage, stride halving from N / 2 to 1; in each stage
// thread pos (pos < N / 2) owns the pair lo + 2 * (pos - lo) and that plus
// stride, where lo = pos & (stride - 1).
#define LOG2N 9
#define N (1 << LOG2N)

__global__ void walsh_shared(float *data) {
  __shared__ float s[N];
  float *block = data + (blockIdx.x << LOG2N);
  for (int pos = threadIdx.x; pos < N; pos += blockDim.x) s[pos] = block[pos];
  for (int stride = N >> 1; stride > 0; stride >>= 1) {
    __syncthreads();
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
