//pass
//--blockDim=2 --gridDim=2
//explore: bounded
// Every thread counts itself in one global counter with atomicAdd and checks
// that the count it saw is below the number of threads.
// Right: device-scope atomics include every thread of the grid; each thread
// sees a distinct earlier count.
#include <cassert>

__global__ void add_device_across_blocks(int* counter) {
  int seen = atomicAdd(counter, 1);
  assert(seen < gridDim.x * blockDim.x);
}
