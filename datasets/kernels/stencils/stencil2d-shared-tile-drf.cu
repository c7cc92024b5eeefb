//pass
//--blockDim=[16,16] --gridDim=[4,4] -DN=64
// 5-point stencil through an 18 x 18 shared tile: each thread loads its cell
// into t[ty+1][tx+1]; the threads of the tile's edges also load one halo cell
// (left, right, top or bottom row; corners unused), each halo cell by exactly
// one thread. A barrier, then each thread reads its four neighbours.

__global__ void stencil_2d_tile(const float *in, float *out) {
  __shared__ float t[18][18];
  int tx = threadIdx.x, ty = threadIdx.y;
  int j = blockIdx.x * 16 + tx;
  int i = blockIdx.y * 16 + ty;
  int jl = j > 0 ? j - 1 : 0, jr = j < N - 1 ? j + 1 : N - 1;
  int iu = i > 0 ? i - 1 : 0, id = i < N - 1 ? i + 1 : N - 1;
  t[ty + 1][tx + 1] = in[i * N + j];
  if (tx == 0)
    t[ty + 1][0] = in[i * N + jl];
  if (tx == 15)
    t[ty + 1][17] = in[i * N + jr];
  if (ty == 0)
    t[0][tx + 1] = in[iu * N + j];
  if (ty == 15)
    t[17][tx + 1] = in[id * N + j];
  __syncthreads();
  out[i * N + j] = 0.2f * (t[ty + 1][tx + 1] + t[ty][tx + 1] + t[ty + 2][tx + 1] +
                           t[ty + 1][tx] + t[ty + 1][tx + 2]);
}
