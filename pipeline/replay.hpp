#pragma once
// The replay of a reported race (docs/pipeline.md "Replay"): the protocol
// analysis finds a race of the inferred protocol, which over-approximates
// the code; the replay runs the race's two threads on the kernel IR with
// the concrete executor (kernel_ir/executor.hpp), under the witness's
// launch and parameters, and confirms the race when some access of thread
// 1 at the first position and some access of thread 2 at the second
// - touch overlapping bytes of one array,
// - conflict (one writes; two atomics only in a heterogeneous race),
// - and, in one block, lie between the same block barriers (across blocks,
//   the same grid barriers).
// A run that cannot decide (a value read from memory, an unknown function,
// a loop past its bound) gives the reason; a run with known values that
// never reaches the pair refutes the witness, and the checker re-solves
// without it (smt/checker.hpp, CheckOptions::replay).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernel_ir/kernel_ir.hpp"
#include "smt/checker.hpp"
#include "support/report.hpp"

namespace racecert::pipeline {

// The reasons a replay gives, in words (ReportedRace::replay_reason).
inline constexpr const char* kReasonMemory = "data read from memory";
// A value an atomic returned: the explorer can decide such a race
// (pipeline/fallback.hpp).
inline constexpr const char* kReasonAtomic = "a value an atomic returned";
inline constexpr const char* kReasonUnknownFunction = "an unknown function or untracked value";
inline constexpr const char* kReasonLoopBound = "a loop bound hit";
inline constexpr const char* kReasonNotReached = "the witness does not reach both accesses";
inline constexpr const char* kReasonOpenValue = "a value the witness leaves open";

struct ReplayLimits {
  std::uint64_t iterations = 100000;  // loop iterations per thread, all loops together
  std::size_t accesses = 20000;       // accesses recorded per thread at the racing positions
};

// Replays race `r` of kernel `k` under witness `w`: sets r.confirmed and
// r.replay_reason, and r.witness to the user's names only (with the
// replay's values of the user's variables at the racing accesses when
// confirmed). Always ends (ReplayLimits).
smt::ReplayOutcome replay_race(const kir::Kernel& k, const smt::WitnessValues& w, ReportedRace& r,
                               const ReplayLimits& limits = {});

// The entries of a witness that name what the user wrote: the builtins,
// the kernel's parameters and its declared locals ("i@1" for thread 1's
// i), never an internal name (`tmp3$12@1`, `trips$1`, `i#2`). The one
// filter of witness names.
std::vector<std::pair<std::string, std::int64_t>> user_witness(
    const kir::Kernel& k, const std::vector<std::pair<std::string, std::int64_t>>& witness);

}  // namespace racecert::pipeline
