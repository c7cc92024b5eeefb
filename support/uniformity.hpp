#pragma once
// How a value varies across the threads of a launch, the one notion of it in
// racecert (protocol variables, well-formedness, the front end's analysis):
// the same in the whole grid (kernel parameters, blockDim), the same within
// each block (blockIdx), or per thread (threadIdx, values read from memory).
// Ordered: a value computed from others is as non-uniform as the worst.
#include <algorithm>
#include <string>
#include <unordered_map>

#include "support/expr.hpp"

namespace racecert {

enum class Uniformity { Grid = 0, Block = 1, Thread = 2 };

inline Uniformity join(Uniformity a, Uniformity b) { return std::max(a, b); }

// Each variable's level, as the kernel IR's uniformity analysis and the
// well-formed stage find them. Hashed: both look a name up for every
// variable occurrence, and a 50,000-statement kernel has 100,000 names.
using UniformityLevels = std::unordered_map<std::string, Uniformity>;

// A name absent from `levels` counts as per thread: a value the analysis
// never saw may differ between threads.
inline Uniformity level_of(const std::string& var, const UniformityLevels& levels) {
  auto it = levels.find(var);
  return it == levels.end() ? Uniformity::Thread : it->second;
}

// The level of an expression: the most thread-dependent of its variables.
inline Uniformity level_of(const expr::Expr& e, const UniformityLevels& levels) {
  Uniformity out = Uniformity::Grid;
  expr::for_each_var(e, [&](const std::string& v) { out = join(out, level_of(v, levels)); });
  return out;
}

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
