#pragma once
// Kernel-IR passes that prepare protocol inference.
#include <map>
#include <string>

#include "frontend/kernel_ir.hpp"
#include "support/uniformity.hpp"

namespace racecert::frontend {

// Replaces break, continue and return by boolean flags and guards, exactly:
// after `if (c) return;` the rest runs under `if (!return)`, a loop that may
// break tests `!break` with its condition, and so on. The result has no
// jumps, so every construct is structured.
kir::Kernel eliminate_jumps(const kir::Kernel& k);

// How much a variable may differ between threads: the same in the grid
// (parameters), in a block (blockIdx), or per thread (threadIdx, values
// read from memory). Flow-insensitive: a variable gets the worst level of
// any of its assignments, including through the conditions that control
// them.
std::map<std::string, Uniformity> uniformity(const kir::Kernel& k);
Uniformity uniformity_of(const expr::Expr& e, const std::map<std::string, Uniformity>& levels);

}  // namespace racecert::frontend
