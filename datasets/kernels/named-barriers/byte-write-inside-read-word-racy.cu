//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Warp 0 writes byte 1 of int 16 + lane through a char view and arrives at
// barrier 1; warp 1 reads int 16 + lane before it syncs there: the byte
// lies inside the int, so the two race. Counting the char index (4 lane +
// 65) as an int index would miss it.
__global__ void byte_write_inside_read_word(int *out) {
  __shared__ int s[64];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  if (warp == 0) {
    ((char *)s)[4 * lane + 65] = 1;
    asm volatile("bar.arrive 1, 64;");
  } else {
    int v = s[16 + lane];
    asm volatile("bar.sync 1, 64;");
    out[lane] = v;
  }
}
