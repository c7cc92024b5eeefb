//pass
//--blockDim=64 --gridDim=1
// Warp 0 writes single bytes of a shared int array through a char view
// and arrives at barrier 1; warp 1 reads ints before it syncs there. Byte
// lane + 32 lies in int 8 + lane / 4, which warp 1 never reads (it reads
// ints 16..47): no race. Counting the char index as an int index would put
// the writes in ints 32..63 and report a false race.
__global__ void byte_writes_other_words(int *out) {
  __shared__ int s[64];
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  if (warp == 0) {
    ((char *)s)[lane + 32] = 1;
    asm volatile("bar.arrive 1, 64;");
  } else {
    int v = s[16 + lane];
    asm volatile("bar.sync 1, 64;");
    out[lane] = v;
  }
}
