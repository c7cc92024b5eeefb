//pass
//--blockDim=[16,16] --gridDim=[4,4] -DN=64
// One Jacobi sweep on an N x N grid in global memory, reading `in` and
// writing a separate `out`: each interior thread (i, j) writes out[i*N + j]
// only, and `in` is only read, so no barrier is needed between blocks.

__global__ void jacobi_2d(const float *in, float *out) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && i < N - 1 && j > 0 && j < N - 1)
    out[i * N + j] = 0.25f * (in[(i - 1) * N + j] + in[(i + 1) * N + j] +
                              in[i * N + j - 1] + in[i * N + j + 1]);
}
