#pragma once
// How a value varies across the threads of a launch, the one notion of it in
// racecert (protocol variables, well-formedness, the front end's analysis):
// the same in the whole grid (kernel parameters, blockDim), the same within
// each block (blockIdx), or per thread (threadIdx, values read from memory).
// Ordered: a value computed from others is as non-uniform as the worst.
#include <algorithm>

namespace racecert {

enum class Uniformity { Grid = 0, Block = 1, Thread = 2 };

inline Uniformity join(Uniformity a, Uniformity b) { return std::max(a, b); }

// "uniform", "block" or "thread".
inline const char* to_string(Uniformity u) {
  switch (u) {
    case Uniformity::Grid: return "uniform";
    case Uniformity::Block: return "block";
    case Uniformity::Thread: return "thread";
  }
  return "?";
}

}  // namespace racecert
