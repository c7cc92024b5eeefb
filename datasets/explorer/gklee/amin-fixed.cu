//pass
//--blockDim=1 --gridDim=2
//explore: bounded --memory amin.json --strategy cd --delay-bound 2
// GKLEE's aMin benchmark, written anew: atomicMin for double-precision
// values, built from atomicCAS on their 64-bit patterns (for non-negative
// doubles the patterns order as the values do, so the comparison is on the
// unsigned long long bits). Each thread applies it with its value and then
// asserts that the cell holds at most its value.
// Right: a failed CAS returns the newer value and the loop retries with it
// until its value is no smaller or its CAS succeeds; the cell only decreases.
#include <cassert>

__device__ unsigned long long atomic_min_double(unsigned long long* addr, unsigned long long val) {
  unsigned long long old = atomicAdd(addr, 0ull);
  while (val < old) {
    unsigned long long assumed = old;
    old = atomicCAS(addr, assumed, val);
    if (old == assumed) break;
  }
  return old;
}

__global__ void amin_fixed(unsigned long long* cell, const unsigned long long* vals) {
  unsigned long long v = vals[blockIdx.x * blockDim.x + threadIdx.x];
  atomic_min_double(cell, v);
  assert(atomicAdd(cell, 0ull) <= v);
}
