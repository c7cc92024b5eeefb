//pass
// no header launch on purpose: the host code below launches with dim3 grid(N / TILE, N / TILE), block(TILE, TILE)
// Each 16x16 block stages two 16-wide halves of a 16x32 tile of `in` in
// shared memory, then writes their sum. Thread (x, y) writes tile[y][x] and
// tile[y][x + TILE]: the two halves are disjoint only when blockDim.x is at
// most TILE. A block 32 wide makes threads x and x + 16 write the same cell,
// a launch the program never makes: racecert checks the kernel for the
// launch in transpose_sum (grid 32x32 of 16x16 blocks), where it is DRF.
#define TILE 16
constexpr int N = 512;

__global__ void tile_sum(const float *in, float *out) {
  __shared__ float tile[TILE][2 * TILE];
  unsigned row = blockIdx.y * TILE + threadIdx.y;
  unsigned col = blockIdx.x * 2 * TILE + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[row * 2 * N + col];
  tile[threadIdx.y][threadIdx.x + TILE] = in[row * 2 * N + col + TILE];
  __syncthreads();
  out[row * N + blockIdx.x * TILE + threadIdx.x] =
      tile[threadIdx.y][threadIdx.x] + tile[threadIdx.y][threadIdx.x + TILE];
}

void transpose_sum(const float *in, float *out) {
  dim3 grid(N / TILE, N / TILE);
  dim3 block(TILE, TILE);
  tile_sum<<<grid, block>>>(in, out);
}
