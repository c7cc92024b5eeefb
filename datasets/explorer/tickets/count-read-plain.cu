//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// Threads draw tickets with atomicAdd; thread 0 then reads the counter to
// record how many tickets were drawn.
// Bug: the plain read of the counter races with other threads' atomicAdd
// (no barrier orders threads of different blocks).
__global__ void count_read_plain(int* count, int* out, int* drawn) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int slot = atomicAdd(count, 1);
  out[slot] = id;
  if (id == 0) *drawn = *count;
}
