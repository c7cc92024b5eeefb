//pass
//--blockDim=1 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=hangs hsa=hangs hsa-obe=hangs unfair=hangs
// One block spins on a flag set by another: block 0 waits for block 1.
// Right under fair scheduling: block 1 raises the flag, block 0 leaves its
// loop.
// Hangs under OBE, LOBE, HSA and HSA+OBE: block 0 may start first and spin
// while block 1 never starts (no model guarantees a higher block that has
// not started to run).
__global__ void flag_block0_waits_block1(int* flag, int* out) {
  if (blockIdx.x == 1) {
    atomicExch(&flag[0], 1);
  } else {
    while (atomicAdd(&flag[0], 0) == 0) {
    }
    out[0] = 1;
  }
}
