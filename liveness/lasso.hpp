#pragma once
// The classification of one final execution graph for liveness: which
// threads terminated, are stuck (spin forever, or wait at a barrier that
// cannot complete), were paused by the pause plan, or were stopped by the
// loop bound; the same per scheduling unit; and the lasso a graph gives.
#include <set>
#include <string>
#include <vector>

#include "explorer/graph.hpp"
#include "liveness/liveness.hpp"

namespace racecert::liveness {

struct UnitMap {
  std::vector<int> of_thread;
  int count = 0;
};

struct GraphShape {
  // Units; `paused`: units with a paused thread.
  progress::ThreadSet started = 0, terminated = 0, paused = 0;
  bool bounded = false;  // a thread stopped by the loop bound
  // A spin-blocked thread whose failed iteration read a value memory does
  // not end with: no lasso, the execution with the newer read is another
  // graph.
  bool stale = false;
  std::vector<LoopingThread> looping;
  // Per thread, the event counts right after its non-silent writes (the
  // pause points that change memory; for phase B).
  std::vector<std::set<int>> write_points;
};

// `budget`: the pause plan the graph was explored with (-1: none).
GraphShape classify(const explorer::Graph& g, const std::vector<int>& budget, const UnitMap& units);

// Thread t's failed iteration: it spins forever iff its reads since it last
// arrived at the loop head saw the values memory ends with.
bool spins_forever(const explorer::Graph& g, int t);

Lasso make_lasso(const explorer::Graph& g, const GraphShape& shape, progress::ThreadSet fair, int num_units);

// One line: who spins where, who is paused, F.
std::string describe(const explorer::Program& p, const Lasso& l);

}  // namespace racecert::liveness
