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
  // A spin-blocked thread whose failed iteration read an older value and
  // wrote (an RMW writing back what it read: ThreadRunner counts no side
  // effect for it; a failed CAS writes nothing): not stale but undecided,
  // as a loop at the bound. Such spinners may read each other's write-backs
  // forever, a run no finite graph or candidate need show (docs/explorer.md,
  // Liveness: "Spins that write back what they read"). The first such
  // thread and its writing instruction, -1 if none.
  int write_back_thread = -1, write_back_pc = -1;
  // The PTX rule (ptx_liveness.cpp): a stale spin whose iteration wrote at
  // `write_pc` (-1: it only read) is undecided, else stale. SRC11 compares
  // values and needs no such rule (classify).
  void stale_spin(int thread, int write_pc) {
    if (write_pc < 0) {
      stale = true;
      return;
    }
    bounded = true;
    if (write_back_thread < 0) write_back_thread = thread, write_back_pc = write_pc;
  }
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

// Why a shape's rows are undecided by a write-back spin ("" if none): one
// clause naming the thread and the instruction (the PTX engine's rule).
std::string write_back_reason(const explorer::Program& p, const GraphShape& s);

Lasso make_lasso(const explorer::Graph& g, const GraphShape& shape, progress::ThreadSet fair, int num_units);

// One line: who spins where, who is paused, F.
std::string describe(const explorer::Program& p, const Lasso& l);

}  // namespace racecert::liveness
