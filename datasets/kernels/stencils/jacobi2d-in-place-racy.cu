//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,4] -DN=64
// Jacobi sweep updated in place: thread (i=1, j=1) writes a[1*N + 1] while
// thread (i=2, j=1) reads a[(2-1)*N + 1] as its upper neighbour. Neighbours
// across block edges race the same way, between blocks.

__global__ void jacobi_2d_in_place(float *a) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && i < N - 1 && j > 0 && j < N - 1)
    a[i * N + j] = 0.25f * (a[(i - 1) * N + j] + a[(i + 1) * N + j] +
                            a[i * N + j - 1] + a[i * N + j + 1]);
}
