//pass
//--blockDim=1 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=terminates lobe=terminates hsa=hangs hsa-obe=terminates unfair=hangs
//progress: obe=terminates lobe=terminates --max-resident-blocks 1
// A spin lock taken by one thread of each block around an increment.
// Right under fair scheduling, OBE, LOBE and HSA+OBE: a block spins only
// while the other holds the lock, and that block has started, so it is
// guaranteed to run, release the lock and let the spinner in. With one
// resident block, the blocks run one after the other.
// Hangs under HSA: block 1 may hold the lock while block 0 spins, and HSA
// guarantees only the lowest live block (0) to run.
__global__ void spin_lock(int* lock, int* counter) {
  while (atomicCAS(&lock[0], 0, 1) != 0) {
  }
  __threadfence();
  counter[0] = counter[0] + 1;
  __threadfence();
  atomicExch(&lock[0], 0);
}
