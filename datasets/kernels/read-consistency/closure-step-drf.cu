//pass
//--blockDim=[16,16] --gridDim=1
// One block of a blocked transitive closure (Floyd-Warshall style on a
// 16x16 tile). Thread (y, x) fills its own empty cell m[y][x] when the path
// y -> k -> x exists. In step k it reads m[y][k] and m[k][x], which other
// threads own; it writes only when its own cell is empty while m[y][k] and
// m[k][x] are not, which excludes k == x and k == y: its own cell is then
// one of the two it just read as non-empty. No other thread reads m[y][x]
// in a step where (y, x) writes it.
#define T 16
__global__ void closure_tile(int *graph) {
  __shared__ int m[T][T];
  int x = threadIdx.x, y = threadIdx.y;
  m[y][x] = graph[y * T + x];
  __syncthreads();
  for (int k = 0; k < T; ++k) {
    if (m[y][x] == 0) {
      if (m[y][k] != 0 && m[k][x] != 0) {
        m[y][x] = k + 1;
      }
    }
    __syncthreads();
  }
  graph[y * T + x] = m[y][x];
}
