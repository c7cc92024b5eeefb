//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
// A racy kernel launched from host code: counting positive elements with a
// plain ++ on a global counter; any two threads with positive elements read
// and write *count concurrently. The host main must not hide the race.

#include <cstdio>
#include <cuda_runtime.h>

__global__ void count_positive(const float *in, int *count) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[gid] > 0.0f)
    (*count)++;
}

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess)
    fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
}

int main() {
  const int n = 1024;
  float host[n];
  for (int i = 0; i < n; i++)
    host[i] = (i % 3 == 0) ? -1.0f : 1.0f;
  float *d_in = nullptr;
  int *d_count = nullptr;
  check(cudaMalloc(&d_in, n * sizeof(float)), "cudaMalloc in");
  check(cudaMalloc(&d_count, sizeof(int)), "cudaMalloc count");
  check(cudaMemcpy(d_in, host, n * sizeof(float), cudaMemcpyHostToDevice), "copy in");
  check(cudaMemset(d_count, 0, sizeof(int)), "memset");
  dim3 grid(n / 256), block(256);
  count_positive<<<grid, block>>>(d_in, d_count);
  int count = 0;
  check(cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost), "copy count");
  printf("%d positive (a racy count)\n", count);
  cudaFree(d_in);
  cudaFree(d_count);
  return 0;
}
