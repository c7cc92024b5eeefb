#pragma once
// `racecert explore --model ptx`: every execution of a program under the
// PTX v7.5 memory model (explorer/ptx_model.hpp), by herd-style candidate
// enumeration rather than the DPOR, because PTX allows executions that are
// not porf-acyclic (load buffering without dependencies):
//  1. per thread, every run (ThreadRunner semantics, loop bound) with each
//     read's value guessed from the values its location can hold, iterated
//     to a fixpoint since written values may depend on reads; register
//     dataflow gives addr/data/ctrl dependencies;
//  2. per combination of finished runs: every rf (a write of the value
//     read), every order of the fence.sc events, and per location every
//     total order of its writes, turned into a partial co (ptx_model.hpp);
//  3. the final condition over every consistent candidate.
// Only executions in which every thread finishes are enumerated: the
// condition is about them. Races, divergence and deadlocks are SRC11
// analyses and are not reported.
#include <cstdint>
#include <functional>
#include <string>

#include "explorer/program.hpp"
#include "explorer/result.hpp"
#include "support/deadline.hpp"

namespace racecert::explorer::ptx {

struct PtxOptions {
  int loop_bound = 4;
  // Caps on the enumeration; past one the result is marked timed_out
  // (incomplete: an absence of findings means nothing).
  std::uint64_t max_runs_per_thread = 200000;
  std::uint64_t max_candidates = 20'000'000;
  int max_values_per_location = 64;
  // Past it the search ends, marked timed_out like the caps.
  Deadline deadline = Deadline::never();
  // Stop at the first execution that decides the condition (satisfies an
  // exists or ~exists, violates a forall): ExploreResult::stopped_early,
  // and the counts are those found so far.
  bool stop_when_decided = false;
  // Called with the final state of every consistent execution (tests).
  std::function<void(const FinalState&)> on_execution;
};

struct PtxResult {
  // executions: consistent candidates (rf, fence.sc order, co) in which every
  // thread finished; satisfying and witness as for the DPOR; failed counts
  // consistent candidates in which a thread failed (failures: one per
  // thread, instruction and kind, without a schedule).
  ExploreResult result;
  // The witness as text: per thread its events with rf sources, then co.
  std::string witness_execution;
};

PtxResult explore(const Program& program, const PtxOptions& options = {});

}  // namespace racecert::explorer::ptx
