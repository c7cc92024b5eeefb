#pragma once
// Race repair on the program representation (GPUMC §4.1, CheckAndRepairRace):
//  - a heterogeneous race widens both accesses' scopes to the smallest scope
//    that contains both threads;
//  - a data race turns each non-atomic access of the pair into a relaxed
//    atomic with the other access's scope (widened the same way), and widens
//    the atomic one if needed.
// Both rules only add happens-before, so repeating explore-then-repair
// terminates: each round removes the races it was given and creates none.
#include <vector>

#include "explorer/program.hpp"
#include "explorer/result.hpp"

namespace racecert::explorer {

struct AccessChange {
  int thread = -1;
  int pc = -1;
  Order old_order = Order::NA, new_order = Order::NA;
  Scope old_scope = Scope::Sys, new_scope = Scope::Sys;
};

// The changes that fix `races` in `program`, one per instruction.
std::vector<AccessChange> repairs_for(const Program& program, const std::vector<Race>& races);
void apply(Program& program, const std::vector<AccessChange>& changes);

}  // namespace racecert::explorer
