//xfail:NOT_ALL_VERIFIED
//--blockDim=1 --gridDim=2
//explore: assertion --memory amin.json --strategy cd --delay-bound 2
// GKLEE's aMin benchmark, written anew: atomicMin for double-precision
// values, built from atomicCAS on their 64-bit patterns (for non-negative
// doubles the patterns order as the values do, so the comparison is on the
// unsigned long long bits). Each thread applies it with its value and then
// asserts that the cell holds at most its value.
// Bug (lost atomicity): the failed CAS is not retried. When thread 0 (1.0)
// reads +inf and is delayed while thread 1 stores 2.0, its CAS fails and
// the cell keeps 2.0 > 1.0: its assertion fails after one delay.
#include <cassert>

__device__ unsigned long long atomic_min_double(unsigned long long* addr, unsigned long long val) {
  unsigned long long old = atomicAdd(addr, 0ull);
  // bug: one CAS attempt; when another thread changed the cell since the read,
  // the CAS fails and the smaller value is silently dropped
  if (val < old) old = atomicCAS(addr, old, val);
  return old;
}

__global__ void amin_buggy(unsigned long long* cell, const unsigned long long* vals) {
  unsigned long long v = vals[blockIdx.x * blockDim.x + threadIdx.x];
  atomic_min_double(cell, v);
  assert(atomicAdd(cell, 0ull) <= v);
}
