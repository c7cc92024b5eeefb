//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1 --adversarial-abstraction
// Every thread copies one cell of a shared array nothing writes into one
// cell: by default they all read one value and the writes are benign, but
// GPUVerify's --adversarial-abstraction makes every read arbitrary in each
// thread, so the writes race (racecert honours the flag).
__global__ void copy_one(int *out, int i, int j) {
  __shared__ int src[64];
  __shared__ int dst[64];
  dst[i] = src[j];
  __syncthreads();
  if (threadIdx.x == 0) out[0] = dst[i];
}
