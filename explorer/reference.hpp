#pragma once
// A brute-force reference for the DPOR, for tests on small programs. It
// shares nothing with the engine but the program semantics (ThreadRunner):
//  - exploration: every graph reachable by adding the next event of *any*
//    thread, a read reading from any existing write, a write at any
//    coherence position; visited graphs are memoised. Every consistent
//    execution has a po ∪ rf linearisation, so all are reached;
//  - consistency: the SRC11 axioms evaluated on relations built from their
//    definitions (reference_model.cpp), not incrementally.
// It is exponential and meant for a few dozen events at most.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "explorer/program.hpp"
#include "explorer/result.hpp"
#include "explorer/thread_runner.hpp"

namespace racecert::explorer::reference {

struct RefEvent {
  StepKind kind = StepKind::Fence;
  Order order = Order::NA;
  Scope scope = Scope::Sys;
  bool rmw = false;
  int location = -1;
  int vlocation = -1;                   // PTX v7.5 `vloc` (Program::aliases)
  Proxy proxy = Proxy::Generic;         // accesses; proxy fences
  FenceKind fence = FenceKind::Memory;  // fences
  Value value = 0;
  int rf_thread = -1, rf_index = -1;  // reads; rf_thread -1: initial write of `location`
  int pc = 0;
  int barrier_id = 0, barrier_count = 0;
  // Barrier events: the instance, named by the arrival that opened it
  // (thread, index); a departure's is its arrival's.
  std::pair<int, int> barrier_group{-1, -1};
};

struct RefGraph {
  std::vector<std::vector<RefEvent>> events;       // per thread
  std::vector<std::vector<ThreadState>> states;    // states[t][k]: after k events
  std::vector<std::vector<std::pair<int, int>>> co;  // per location, without the initial write
};

// SRC11 consistency (coherence, atomicity, SC, no-thin-air) of a graph.
bool consistent(const Program& p, const RefGraph& g);
// The races of a graph.
std::vector<Race> races(const Program& p, const RefGraph& g);

struct ReferenceResult {
  std::set<std::string> complete;  // keys (Graph::key format) of complete executions
  std::set<std::string> blocked;   // keys of blocked final graphs
  std::uint64_t divergent = 0;
  std::uint64_t satisfying = 0;
  std::vector<Race> races;         // distinct
  bool truncated = false;          // gave up after max_states graphs
};

ReferenceResult explore(const Program& p, int loop_bound, std::uint64_t max_states = 2'000'000);

}  // namespace racecert::explorer::reference
