#pragma once
// GKLEE's conflict-directed delay-bounded scheduling (CD; Chiang, Gopalakrishnan,
// Rakamarić et al., "Formal analysis of GPU programs with atomics via
// conflict-directed delay-bounding", §2 and §4), on explorer::Program, as a
// second strategy next to the optimal DPOR (dpor.hpp). It explores sequentially
// consistent schedules only:
//  - canonical scheduling: the current thread runs until it waits at a
//    barrier, arrives at one, or ends; then the lowest-numbered thread that
//    can run goes on;
//  - a *delay* switches from the current thread to another one and makes the
//    delayed thread wait until no undelayed thread can run; delays are taken
//    only at the first access of a *conflict* (two accesses to one location
//    by different threads, one a write, not ordered by barriers, both atomic
//    or racing) seen in an earlier schedule, switching to the thread of the
//    second access;
//  - at most delay_bound delays per schedule; with optimized_conflicts, only
//    conflicts involving a conditional atomic (CAS, min, max, inc, dec) are used, the
//    paper's "optimized" conflict selection.
// Races, the final condition, divergence and blocked schedules are reported
// in the same ExploreResult as the DPOR's; `executions` and `blocked` count
// schedules. See docs/explorer.md, "Conflict-directed delay bounding".
#include <cstdint>
#include <functional>

#include "explorer/graph.hpp"
#include "explorer/program.hpp"
#include "explorer/result.hpp"
#include "support/deadline.hpp"

namespace racecert::explorer {

struct DelayBoundOptions {
  int delay_bound = 2;              // K: delays per schedule
  bool optimized_conflicts = false; // delay only at conflicts with a conditional atomic
  int loop_bound = 4;               // as for the DPOR (thread_runner.hpp)
  bool stop_on_first = false;       // end at the first race, failure, divergence, deadlock or violated forall
  bool same_value_writes_race = true;  // false: GPUVerify's benign writes (explorer/races.hpp)
  // Past it the exploration ends with ExploreResult::timed_out (checked between schedules).
  Deadline deadline = Deadline::never();
  // Called on every final graph: complete (all threads finished) or blocked.
  std::function<void(const Graph&, bool complete)> on_final;
};

ExploreResult explore_delay_bounded(const Program& program, const DelayBoundOptions& options = {});

// The number of schedules an exploration ran: complete, blocked, failed, and
// ended by a false assumption.
inline std::uint64_t schedules(const ExploreResult& r) { return r.executions + r.blocked + r.failed + r.pruned; }

// An instruction GKLEE's optimized selection keeps conflicts of: an atomic
// whose effect depends on a comparison with the old value (atomicCAS, Min,
// Max, and Inc/Dec, which compare with their bound).
bool is_conditional_atomic(const Instr& in);

}  // namespace racecert::explorer
