//pass
//--blockDim=1 --gridDim=2
//explore: bounded
// Block 0 adds with atomicAdd_system, block 1 with atomicAdd, to one counter.
// Right: both scopes (system, device) include both threads, so the mixed
// atomics are not a heterogeneous race.
__global__ void add_system_and_device(int* counter) {
  if (blockIdx.x == 0) atomicAdd_system(counter, 1);
  else atomicAdd(counter, 2);
}
