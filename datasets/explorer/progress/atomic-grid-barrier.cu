//pass
//--blockDim=1 --gridDim=2
//explore: bounded
//progress: fair=terminates obe=hangs lobe=hangs hsa=hangs hsa-obe=hangs unfair=hangs
// An inter-block barrier built from atomics: each block counts itself in,
// then spins until every block has arrived.
// Right under fair scheduling: every block arrives.
// Hangs under every other model: block 0 may arrive and spin while block 1
// never starts (the reason a grid barrier needs every block co-resident).
__global__ void atomic_grid_barrier(int* count, int* out) {
  atomicAdd(&count[0], 1);
  while (atomicAdd(&count[0], 0) < gridDim.x) {
  }
  out[blockIdx.x] = 1;
}
