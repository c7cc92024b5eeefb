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

// level_of over expressions that share sub-terms, each shared node's level
// found once for the memo's life: a guard of the n-th of n early returns
// reads a flag whose value is an ite chain n deep, which a tree walk per
// guard visited n^2 times (issue 18). `levels` may gain names while the
// memo lives but must not change a name's level; a name absent when first
// met counts as per thread, as in level_of. Only nodes with more than one
// owner get an entry (the others are reached once, through their parent),
// and the memo keeps them alive (no reused address).
class LevelMemo {
 public:
  explicit LevelMemo(const UniformityLevels& levels) : levels_(levels) {}
  Uniformity operator()(const expr::Expr& e) {
    using K = expr::ExprNode::Kind;
    if (!e || e->kind == K::Int || e->kind == K::Bool) return Uniformity::Grid;
    if (e->kind == K::Var) return level_of(e->name, levels_);
    const bool shared = e.use_count() > 1;
    if (shared)
      if (auto it = done_.find(e); it != done_.end()) return it->second;
    Uniformity l = join(join((*this)(e->a), (*this)(e->b)), (*this)(e->c));
    if (shared) done_.emplace(e, l);
    return l;
  }
  std::size_t memo_size() const { return done_.size(); }

 private:
  const UniformityLevels& levels_;
  std::unordered_map<expr::Expr, Uniformity> done_;  // hashed by node address
};

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
