#pragma once
// Brute-force reference: explores every interleaving of the paper's
// operational semantics (Sec. 3.3) for small programs, with completion and
// recycling of a generation as one step. Reachable states are memoized; every
// state extends to a complete trace, so
//  - well-synchronized  <=> no reachable deadlock or error state, and every
//    registration gets the same generation in every reachable state;
//  - a race (Definition 8) <=> two conflicting accesses c1, c2 of different
//    threads such that some reachable state has executed c1 but not c2 and
//    another has executed c2 but not c1 (a sync counts as executed once its
//    generation completed).
// Lockstep mode adds the static rule of races.hpp for two threads of one
// unit in the same command. Independent of the simulator and of any
// happens-before construction, so it checks both.
#include <cstddef>
#include <optional>

#include "barriers/verdict.hpp"

namespace racecert::barriers {

struct ReferenceOptions {
  std::size_t max_states = 200000;
  bool benign_writes_race = false;  // RaceOptions::benign_writes_race
};

// nullopt when the state space exceeds max_states or the program uses
// data-dependent commands.
std::optional<Verdict> check_brute_force(const Program& p, const ReferenceOptions& o = {});

}  // namespace racecert::barriers
