//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: racy
// Message passing between blocks: block 0 writes a value and raises a flag
// (a volatile int written and spun on); block 1 waits for the flag and checks the value.
// Bug: volatile keeps the flag from being cached in a register but orders
// nothing: without fences the data accesses race.
#include <cassert>

__global__ void mp_volatile_flag_no_fence(int* data, int* flag) {
  volatile int* f = flag;
  if (blockIdx.x == 0) {
    data[0] = 42;
    *f = 1;
  } else {
    while (*f == 0) {
    }
    assert(data[0] == 42);
  }
}
