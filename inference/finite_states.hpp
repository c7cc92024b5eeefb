#pragma once
// Loop-carried variables with finitely many values. A loop that swaps two
// buffers through pointers (`tmp = src; src = dst; dst = tmp;`) carries
// their selectors from one iteration to the next; treating each as an
// independent unknown loses that src and dst never select the same buffer,
// and every ping-pong kernel looks racy. When a group of carried variables
// starts from constants and the loop body updates them unconditionally
// from constants and each other, the tuples they can hold at the loop head
// are computed exactly by running the updates; inference then gives them
// one unknown choice among those tuples instead of independent unknowns.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "kernel_ir/kernel_ir.hpp"

namespace racecert::inference {

struct FiniteStates {
  std::vector<std::string> vars;
  std::vector<std::vector<std::int64_t>> tuples;  // each: one value per var, reachable at the loop head
};

// The states of the carried variables of `l` that have a constant value at
// its entry (`entry`), or nullopt when none qualify. Variables are dropped
// from the group while more than `limit` tuples are reachable (the one with
// the most values first: a counter). Only variables assigned at the top level of the
// body and update (not under a branch, a nested loop or a jump guard) from
// values computed from constants and the group qualify, so that the update
// is a function of the group alone.
std::optional<FiniteStates> finite_states(const kir::Loop& l, const std::map<std::string, std::int64_t>& entry,
                                          std::size_t limit = 16);

}  // namespace racecert::inference
