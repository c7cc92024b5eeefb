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
// analyses and are not reported. With PtxOptions::on_partial set (liveness
// under PTX, liveness/ptx_liveness.hpp) partial executions are enumerated
// too: threads that spin, wait at a barrier, hit the loop bound or are
// paused, each reported with how it ends.
#include <cstdint>
#include <functional>
#include <string>

#include "explorer/program.hpp"
#include "explorer/result.hpp"
#include "explorer/schedule.hpp"
#include "support/deadline.hpp"

namespace racecert::explorer::ptx {

// How a thread's run ends in a partial execution (PtxOptions::on_partial).
enum class RunEnd : std::uint8_t {
  Finished,
  Failed,     // stopped: done, like Finished
  Spinning,   // a failed spin iteration (ThreadRunner's SpinBlocked)
  Bounded,    // the loop bound stopped it: undecided
  AtBarrier,  // arrived at a barrier, not departed
  Paused,     // cut by a pause plan: never scheduled again
};

struct PartialThread {
  RunEnd end = RunEnd::Finished;
  int pc = -1;  // Spinning: the backward jump; AtBarrier: the barrier
  // Spinning: every read of the failed iteration reads a write that is
  // co'-maximal (no write of its location co'-after it), the same write
  // for every read of one location. Then repeating the iteration forever
  // is a PTX-consistent continuation (docs/explorer.md "Under the PTX
  // model"): the thread spins forever.
  bool reads_maximal = false;
  // Spinning: the pc of the failed iteration's first write (an RMW writing
  // back what it read), -1 if the iteration only reads (liveness/lasso.hpp,
  // GraphShape::stale_spin).
  int spin_write_pc = -1;
  // AtBarrier: the barrier instance has no departure and fewer arrivals
  // than its count, so it never completes (no thread arrives any more in a
  // partial execution). Otherwise the instance completes and, in Dat3M's
  // reading of barriers (choose_barriers), releases every arrival.
  bool barrier_forever = false;
};

// A consistent partial candidate: the ends of the runs and its events in
// thread order (PTX executions need not be linearisable), reads naming
// the thread they read from.
struct PartialExecution {
  std::vector<PartialThread> threads;
  Schedule events;
};

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
  // Liveness: called with every consistent candidate in which some thread
  // does not end Finished or Failed (the condition is then not evaluated);
  // returning false ends the search (PtxResult::result.stopped_early).
  // Partial runs are tried first: they decide liveness.
  // Runs may end Spinning, Bounded or AtBarrier; and Paused at the start
  // (pause_at_start) or right after a write that changes memory
  // (pause_after_writes: a pause after a read changes nothing others see).
  std::function<bool(const PartialExecution&)> on_partial;
  bool pause_at_start = false;
  bool pause_after_writes = false;
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
