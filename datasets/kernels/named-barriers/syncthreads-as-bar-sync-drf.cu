//pass
//--blockDim=[16,16] --gridDim=[4,4]
// A tile transpose whose barrier is written as inline PTX `bar.sync 0`, which
// is what __syncthreads() compiles to: the protocol analysis treats it as a
// block barrier (no named-barrier check is needed).

__global__ void transpose_bar0(const float *in, float *out, int n) {
#ifdef __RACECERT__
  __requires(n == 64);
#endif
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  asm volatile("bar.sync 0;");
  x = blockIdx.y * 16 + threadIdx.x;
  y = blockIdx.x * 16 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
