//pass
//--blockDim=128 --gridDim=4
// Block-wise reversal through an extern __shared__ array sized at launch,
// with host code that allocates, launches and copies back. Each thread writes
// buf[t], a barrier, then reads buf[n - 1 - t]. The host code must not disturb
// the analysis of the kernel.

#include <cstdio>
#include <cuda_runtime.h>

__global__ void reverse_blocks(const float *in, float *out) {
  extern __shared__ float buf[];
  unsigned t = threadIdx.x;
  unsigned n = blockDim.x;
  unsigned base = blockIdx.x * n;
  buf[t] = in[base + t];
  __syncthreads();
  out[base + t] = buf[n - 1 - t];
}

int main() {
  const int blocks = 4, threads = 128, count = blocks * threads;
  float host[count];
  for (int i = 0; i < count; i++)
    host[i] = (float)i;
  float *d_in = nullptr, *d_out = nullptr;
  cudaMalloc(&d_in, count * sizeof(float));
  cudaMalloc(&d_out, count * sizeof(float));
  cudaMemcpy(d_in, host, count * sizeof(float), cudaMemcpyHostToDevice);
  reverse_blocks<<<blocks, threads, threads * sizeof(float)>>>(d_in, d_out);
  cudaMemcpy(host, d_out, count * sizeof(float), cudaMemcpyDeviceToHost);
  printf("out[0] = %f (expected %d)\n", host[0], threads - 1);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
