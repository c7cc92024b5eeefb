#pragma once
// The protocol analysis end to end: well-formedness, per-array projection,
// aligning, splitting, sequentialization (smt/array_stages.hpp) and one Z3
// query per symbolic trace, run in parallel. Produces one KernelReport per
// kernel. The driver of `racecert check` around it is pipeline/.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "protocol/protocol.hpp"
#include "smt/query.hpp"
#include "support/report.hpp"

namespace racecert::smt {

// The values a race's witness gives the user's names (a trace variable's
// source): shared ones (parameters, launch sizes: thread 0) and each
// racing thread's own (thread 1, thread 2: thread and block ids, ...).
struct WitnessValues {
  std::map<std::string, std::int64_t> by_thread[3];
};

// What a replay of a race tells the checker (pipeline/replay.hpp sets the
// race's `confirmed`, `replay_reason` and `witness` itself).
struct ReplayOutcome {
  // The witness's values are all known and the run refutes them (it never
  // reaches the two accesses together): another witness may confirm the
  // race. `refuted` names the values to exclude from it, as (source name,
  // thread) pairs.
  bool retry = false;
  std::vector<std::pair<std::string, int>> refuted;
};

// Replays a race of protocol kernel `k` on the kernel's code. Empty: races
// are reported unreplayed (confirmed = false, with a reason).
using ReplayRace = std::function<ReplayOutcome(const protocol::Kernel& k, const WitnessValues&, ReportedRace&)>;

struct CheckOptions {
  int jobs = 0;                 // parallel queries; 0 or more than the cores: one per core
  QueryOptions query;           // query.deadline is set per kernel from kernel_timeout_ms
  unsigned kernel_timeout_ms = 60000;  // wall clock of one kernel's stages and queries; 0: none
  std::vector<protocol::Expr> assumptions;  // added to every trace (e.g. blockDim.x == 64)
  bool intra_block_only = false;  // compare only threads of one block (GPUVerify's --only-intra-group)
  // > 0: warps of this many threads (by linear thread id) run in lock-step
  // (GPUVerify's --warp-sync=N; docs/smt-encoding.md "Lock-step warps").
  int warp_size = 0;
  // Only these arrays' races are checked (a GPUVerify header's
  // --only-divergence or /checkArrays; pipeline/driver.cpp); none: every
  // array. Divergence is checked whatever this says.
  std::optional<std::set<std::string>> race_arrays;
  ReplayRace replay;
  // Witnesses a refuted race is re-solved for (each excluding the values
  // the replays refuted so far), within `replay_solve_ms` of wall clock.
  int replay_attempts = 8;
  unsigned replay_solve_ms = 2000;
  // Progress of a long run (racecert check's status line on a terminal):
  // kernel `index` has `done` of its `total` queries answered; called as a
  // kernel starts (0 of 0) and after each query, from the query threads.
  std::function<void(std::size_t index, std::size_t done, std::size_t total)> progress;
};

// By value: the pipeline moves its protocols in (each moves on into its
// well-formed stage).
std::vector<KernelReport> check(std::vector<protocol::Kernel> kernels, const CheckOptions& o);

}  // namespace racecert::smt
