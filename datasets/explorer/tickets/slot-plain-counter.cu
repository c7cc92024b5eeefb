//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//explore: racy
// Stream compaction with the slot counter read and written non-atomically.
// Bug: two threads may read the same count: the counter's read and write race
// (and two ids land in one slot).
__global__ void slot_plain_counter(int* count, int* out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int slot = *count;
  *count = slot + 1;
  out[slot] = id;
}
