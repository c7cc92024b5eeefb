#pragma once
// The optimal DPOR exploration of a program under SRC11 (GPUMC Algorithms
// 1–3, in the TruSt style): every consistent execution is visited exactly
// once, in depth-first order, keeping only the graphs on the current
// recursion path. See docs/explorer.md for the algorithm and its decisions.
#include <functional>
#include <vector>

#include "explorer/graph.hpp"
#include "support/deadline.hpp"
#include "explorer/program.hpp"
#include "explorer/result.hpp"

namespace racecert::explorer {

struct ExploreOptions {
  int loop_bound = 4;          // iterations of a loop that writes, per entry
  bool stop_on_first = false;  // end at the first race, divergence or violated forall
  bool same_value_writes_race = true;  // false: GPUVerify's benign writes (explorer/races.hpp)
  // An execution reaching this many events is cut, counted like one the
  // loop bound cut (ExploreResult::bounded): the search recurses once per
  // event, and this bounds its depth (explore runs it on a 1 GiB stack).
  int max_events = 100000;
  // Past it the exploration ends with ExploreResult::timed_out: what it
  // found so far stands, but its absence of findings means nothing.
  Deadline deadline = Deadline::never();
  // Per thread, the number of events after which it is never scheduled again
  // (it stays Running: a *paused* thread, as a progress model may starve
  // it); -1 or a missing entry: no limit. An RMW is never split. Used by
  // liveness/ to enumerate pauses.
  std::vector<int> event_budget;
  // Called on every final graph: complete (all threads finished) or blocked.
  std::function<void(const Graph&, bool complete)> on_final;
};

ExploreResult explore(const Program& program, const ExploreOptions& options = {});

}  // namespace racecert::explorer
