//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: racy
// Stream compaction with a ticket taken as an atomic read followed by an
// atomic write of the next value.
// Bug: the read and the write are two atomics, not one: two threads can take
// the same ticket and then race on the same element of `out`.
__global__ void slot_split_atomics(int* count, int* out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int slot = atomicAdd(count, 0);
  atomicExch(count, slot + 1);
  out[slot] = id + 1;
}
