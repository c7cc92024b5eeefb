#pragma once
// The exact termination decisions of the paper's appendix, on the explicit
// graph with F given per state.
//
// Weak fairness (Lemma 9.1): the program may not terminate iff some reachable
// cycle has a constant F in which every thread of F takes a step. F is
// constant on every strongly connected component (monitors only add a thread
// on its steps and remove it on its termination), so it suffices to look for
// a non-trivial SCC whose internal edges cover F. An empty F is covered by
// any cycle: no thread is guaranteed to run, so nothing forces the run out
// (this only matters for UNFAIR; every other monitor has F != {} on cycles).
//
// Strong fairness (Lemma 9.2): termination is guaranteed iff every state can
// reach, along fair steps (steps of a thread in F), a final state or a state
// with F = {} (whose step is "taken with an empty F"). Computed by one
// backward breadth-first search over fair edges: linear time.
#include <optional>
#include <vector>

#include "progress/witness.hpp"

namespace racecert::progress {

struct Decision {
  bool terminates = true;
  std::optional<Lasso> witness;  // set when !terminates and a witness was asked for
};

Decision decide_weak(const StateGraph& g, const std::vector<ThreadSet>& fair, bool want_witness);
Decision decide_strong(const StateGraph& g, const std::vector<ThreadSet>& fair, bool want_witness);

}  // namespace racecert::progress
