//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: racy
// Message passing between blocks: block 0 writes a value and raises a flag
// (a volatile int written and spun on); block 1 waits for the flag and checks the value.
// The bug, in CUDA C++: a volatile access is no atomic in the CUDA C++
// memory model (libcu++ follows C++: volatile does not synchronize, and
// conflicting volatile accesses are a data race), so the flag's write and
// reads race. PTX would treat ld.volatile/st.volatile as relaxed
// system-scope accesses, and then the two __threadfence() would order the
// data around the flag; racecert judges the source language
// (docs/explorer-kernels.md, "Limits"). The fix: cuda::atomic_ref or
// atomicExch/atomicAdd(flag, 0) for the flag (mp-threadfence.cu).
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
