//pass
//--blockDim=2 --gridDim=2
//explore: bounded
// Each thread draws a ticket with atomicInc (which wraps at its limit) and
// writes its id to that slot.
// Right: with the limit n - 1 and n threads the counter never wraps within a
// launch, so the tickets are distinct.
__global__ void slot_atomicinc(unsigned* count, int* out, unsigned n) {
  unsigned slot = atomicInc(count, n - 1);
  out[slot] = blockIdx.x * blockDim.x + threadIdx.x;
}
