//pass
//--blockDim=1 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=terminates hsa=terminates hsa-obe=terminates unfair=hangs
// One block spins on a flag set by another: block 1 waits for block 0.
// Right under fair scheduling, LOBE, HSA and HSA+OBE: each guarantees the
// lowest block (LOBE: every block below a started one) to run, so block 0
// raises the flag.
// Hangs under OBE: block 1 may start first and spin while block 0 never
// starts.
__global__ void flag_block1_waits_block0(int* flag, int* out) {
  if (blockIdx.x == 0) {
    atomicExch(&flag[0], 1);
  } else {
    while (atomicAdd(&flag[0], 0) == 0) {
    }
    out[0] = 1;
  }
}
