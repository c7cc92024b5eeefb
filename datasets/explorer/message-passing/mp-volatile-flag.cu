//pass
//--blockDim=1 --gridDim=2
//explore: bounded
// Message passing between blocks: block 0 writes a value and raises a flag
// (a volatile int written and spun on); block 1 waits for the flag and checks the value.
// Right: a volatile access is a relaxed system-scope access in the PTX memory
// model, and the two __threadfence() order the data around it (the pattern
// of the CUDA programming guide).
#include <cassert>

__global__ void mp_volatile_flag(int* data, int* flag) {
  volatile int* f = flag;
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence();  // the data is visible device-wide before the flag
    *f = 1;
  } else {
    while (*f == 0) {
    }
    __threadfence();  // the data is read after the flag
    assert(data[0] == 42);
  }
}
