//pass
//--blockDim=2 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=terminates hsa=terminates hsa-obe=terminates unfair=hangs
// The flag wait of flag-block1-waits-block0.cu with two threads per block:
// blocks, not threads, are the units of the progress models.
// Right under fair scheduling, LOBE, HSA and HSA+OBE: block 0 is
// guaranteed to run, and its thread 0 raises the flag.
// Hangs under OBE: block 1's threads may spin while block 0 never starts.
__global__ void flag_block1_waits_block0_two_threads(int* flag, int* out) {
  if (blockIdx.x == 0) {
    if (threadIdx.x == 0) atomicExch(&flag[0], 1);
  } else {
    while (atomicAdd(&flag[0], 0) == 0) {
    }
    out[threadIdx.x] = 1;
  }
}
