//pass
//--blockDim=1 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=hangs hsa=hangs hsa-obe=hangs unfair=hangs
// One block spins on a flag set by another, both ways: each block raises
// its own flag, then waits for the other's.
// Right under fair scheduling: both flags are raised eventually.
// Hangs under every other model: block 0 may raise its flag and spin while
// block 1 never starts.
__global__ void flag_handshake(int* flags, int* out) {
  const int me = blockIdx.x;
  atomicExch(&flags[me], 1);
  while (atomicAdd(&flags[1 - me], 0) == 0) {
  }
  out[me] = 1;
}
