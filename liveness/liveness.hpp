#pragma once
// Liveness of explorer programs under GPU progress models (issue 15): does
// every execution that the progress model and the memory model allow
// terminate? The engine sits above both the explorer (the executions, under
// SRC11) and progress/ (the one definition of each model: fair_set,
// enabled_threads). See docs/explorer.md, "Liveness".
//
// A non-terminating run is found as a lasso on a finite execution graph: a
// consistent prefix in which every thread has terminated, is *stuck*
// (spin-blocked in an await loop whose reads see the values memory ends
// with, so repeating the failed iteration forever is a valid continuation;
// or waiting at a barrier that cannot complete) or is *paused* (never
// scheduled again), with at least one stuck thread, and where the model's
// fair set F (computed per scheduling unit from the started and terminated
// units) contains no paused unit.
#include <optional>
#include <string>
#include <vector>

#include "explorer/program.hpp"
#include "explorer/schedule.hpp"
#include "progress/models.hpp"
#include "support/deadline.hpp"

namespace racecert::liveness {

enum class Verdict { Terminates, MayHang, Unknown };
const char* to_string(Verdict v);  // "terminates", "may-hang", "unknown"

struct LivenessOptions {
  // The progress model; its fairness is reported (weak and strong give the
  // same verdict here, docs/explorer.md "Liveness").
  progress::ModelSpec model;
  // The scheduling unit (the progress model's "thread") of each explorer
  // thread: a block for kernels. Empty: each thread is its own unit. Units
  // are numbered 0..U-1 (U <= 32); the model's order (HSA, LOBE) is theirs.
  std::vector<int> unit_of_thread;
  // At most this many units resident (started, not terminated) at once;
  // 0: unbounded. As progress's occupancy, it binds OBE and LOBE only (the
  // other models' F would owe steps to units that cannot be resident): it
  // becomes their ModelSpec::occupancy, used by progress::fair_set and to
  // reject runs with more units resident.
  unsigned max_resident_units = 0;
  int loop_bound = 4;  // the explorer's bound on loops with side effects
  Deadline deadline = Deadline::never();
  // The memory model: false SRC11 (the DPOR's execution graphs), true PTX
  // v7.5 (partial candidates of explorer/ptx_explore.hpp; liveness/
  // ptx_liveness.hpp).
  bool ptx = false;
};

// A thread that spins forever: its failed iteration re-reads final values.
struct LoopingThread {
  int thread = -1;
  int pc = -1;                   // where it is blocked (the backward jump or barrier)
  std::vector<int> loop_pcs;     // the instructions of the repeated iteration
  bool at_barrier = false;       // waits at a barrier that cannot complete
};

struct Lasso {
  explorer::Schedule prefix;            // an execution reaching the loop
  // A loop that writes (a livelock): these events, repeated forever, from
  // the state the prefix ends in (sequentially consistent); empty when the
  // looping threads spin without writing (then each repeats its loop_pcs).
  explorer::Schedule cycle;
  std::vector<LoopingThread> looping;   // at least one
  std::vector<int> paused_units;        // never scheduled again: starved
  std::vector<int> terminated_units;
  std::vector<int> fair_units;          // F during the loop (constant)
};

struct LivenessResult {
  progress::ModelSpec model;
  Verdict verdict = Verdict::Unknown;
  std::string reason;            // why, in words (always set)
  std::optional<Lasso> lasso;    // set for MayHang
  std::uint64_t executions = 0;  // final graphs examined
};

LivenessResult check_liveness(const explorer::Program& program, const LivenessOptions& options);

// Every model at once (progress::all_models order, the table of
// `racecert progress check`); options.model is ignored, max_resident_units
// becomes the occupancy of the OBE and LOBE rows. One exploration serves
// all rows.
std::vector<LivenessResult> check_liveness_all(const explorer::Program& program, const LivenessOptions& options);

// The SRC11 engine alone on the rows `specs` (their occupancy as given),
// whatever options.ptx says: liveness/ptx_transfer.cpp carries some of its
// verdicts over to PTX.
std::vector<LivenessResult> check_liveness_src11(const explorer::Program& program, const LivenessOptions& options,
                                                 const std::vector<progress::ModelSpec>& specs);

}  // namespace racecert::liveness
