//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,4] --gridDim=[8,32]
// Row pass of the separable convolution without the barrier between
// loading the strip and convolving it: thread (1,0) writes strip[0][17]
// (i = 1) while thread (0,0) reads it (i = 1, j = 1).
#define RADIUS 8
#define BX 16
#define BY 4
#define STEPS 4
#define HALO 1

__global__ void convolution_rows(float *dst, const float *src, const float *filter, int width, int pitch) {
#ifdef __RACECERT__
  __requires(pitch >= STEPS * BX * 8);
#endif
  __shared__ float strip[BY][(STEPS + 2 * HALO) * BX];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x0 = (blockIdx.x * STEPS - HALO) * BX + tx;
  int y0 = blockIdx.y * BY + ty;
  const float *in = src + y0 * pitch + x0;
  float *out = dst + y0 * pitch + x0;
  for (int i = HALO; i < HALO + STEPS; i++) strip[ty][tx + i * BX] = in[i * BX];
  for (int i = 0; i < HALO; i++) strip[ty][tx + i * BX] = x0 + i * BX >= 0 ? in[i * BX] : 0.0f;
  for (int i = HALO + STEPS; i < HALO + STEPS + HALO; i++)
    strip[ty][tx + i * BX] = width - x0 > i * BX ? in[i * BX] : 0.0f;
  for (int i = HALO; i < HALO + STEPS; i++) {
    float sum = 0.0f;
    for (int j = -RADIUS; j <= RADIUS; j++) sum += filter[RADIUS - j] * strip[ty][tx + i * BX + j];
    out[i * BX] = sum;
  }
}
