#pragma once
// Jump elimination: the kernel-IR pass that makes every construct structured
// before protocol inference and the uniformity analysis.
#include "kernel_ir/kernel_ir.hpp"

namespace racecert::kir {

// Replaces break, continue and return by boolean flags and guards, exactly:
// after `if (c) return;` the rest runs under `if (!return)`, a loop that may
// break tests `!break` with its condition, and so on. The result has no
// jumps, so every construct is structured. The flags are new Bool locals
// named returned#N, broke#N and continued#N.
Kernel eliminate_jumps(const Kernel& k);

}  // namespace racecert::kir
