//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,8] --gridDim=[16,8]
// Column pass without the precondition on the pitch: pitch = 0 puts
// every row of a column on one cell, so threads (0,0) and (0,1) of one
// block both write dst[x0].
#define RADIUS 8
#define BX 16
#define BY 8
#define STEPS 4
#define HALO 1

__global__ void convolution_columns(float *dst, const float *src, const float *filter, int height, int pitch) {
#ifdef __RACECERT__
#endif
  __shared__ float strip[BX][(STEPS + 2 * HALO) * BY + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x0 = blockIdx.x * BX + tx;
  int y0 = (blockIdx.y * STEPS - HALO) * BY + ty;
  const float *in = src + y0 * pitch + x0;
  float *out = dst + y0 * pitch + x0;
  for (int i = HALO; i < HALO + STEPS; i++) strip[tx][ty + i * BY] = in[i * BY * pitch];
  for (int i = 0; i < HALO; i++) strip[tx][ty + i * BY] = y0 + i * BY >= 0 ? in[i * BY * pitch] : 0.0f;
  for (int i = HALO + STEPS; i < HALO + STEPS + HALO; i++)
    strip[tx][ty + i * BY] = height - y0 > i * BY ? in[i * BY * pitch] : 0.0f;
  __syncthreads();
  for (int i = HALO; i < HALO + STEPS; i++) {
    float sum = 0.0f;
    for (int j = -RADIUS; j <= RADIUS; j++) sum += filter[RADIUS - j] * strip[tx][ty + i * BY + j];
    out[i * BY * pitch] = sum;
  }
}
