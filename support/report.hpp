#pragma once
// The verdict of `racecert check` on one kernel, whatever analysis produced it
// (protocols, named barriers, the explorer), and of `racecert explore` on a
// kernel. cli/ renders it as text, JSON or SARIF.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "support/exit_codes.hpp"
#include "support/source_location.hpp"

namespace racecert {

// Assertion: a reachable failing assertion (the explorer). Bounded: the
// explorer found no problem in any execution of one concrete launch and its
// inputs, which is less than DRF (exit 4 unless --accept-bounded).
enum class KernelStatus { Drf, Racy, Divergent, Deadlock, Assertion, Bounded, Unknown };
// "drf", "racy", "divergent", "deadlock", "assertion", "bounded", "unknown"
const char* to_string(KernelStatus s);

// The more severe of two statuses:
// Racy/Divergent/Deadlock/Assertion > Unknown > Bounded > Drf.
KernelStatus worse(KernelStatus a, KernelStatus b);

// The exit code of one kernel's status: 0 DRF (and bounded when the user
// accepts it, as a hook does with --accept-bounded), 1 a violation, 4
// inconclusive (unknown, bounded).
ExitCode exit_code(KernelStatus s, bool accept_bounded);

// One step of a witness schedule, in source terms: which thread ran which
// line, and what it read or wrote.
struct ReportedStep {
  std::string thread;  // "block 0 thread 1"
  SourceLoc loc;
  std::string action;  // "lock[0] = atomicCAS(...): read 0 (initial), wrote 1"
};

struct ReportedAccess {
  std::string mode;  // "rd", "wr", "atomic"
  SourceLoc loc;
  std::string thread;  // who performed it, e.g. "threadIdx=(0,0,0) blockIdx=(0,0,0)"
  std::string detail;  // optional: generation, warp, ...
};

// One access of a race under byte views: its index in its own view and the
// bytes [offset, offset + width) it covers in the array's last dimension.
struct ReportedBytes {
  std::vector<std::int64_t> index;
  std::int64_t offset = 0, width = 0;
};

struct ReportedRace {
  // A heterogeneous race: two atomics of different blocks, one scoped to
  // its block (e.g. atomicAdd_block), which is atomic only within it.
  bool heterogeneous = false;
  std::string array;
  std::vector<std::int64_t> index;  // the first access's
  ReportedAccess first, second;
  // Only when the two accesses view the array differently (a float4 store
  // against a float load): {first, second}. Empty when one index says it all.
  std::vector<ReportedBytes> bytes;
  // Every variable's value in the witness, ordered by name. Per-thread values
  // carry the thread in their name ("threadIdx.x@1").
  std::vector<std::pair<std::string, std::int64_t>> witness;
  std::string note;  // e.g. "phase after the barrier at k.cu:12:5"
  // The launch the race needs, when the kernel's own code does not exclude
  // it (smt/launch_explanation.hpp), e.g. "racy when gridDim.x >= 2: every
  // block writes out[threadIdx.x]"; empty when there is nothing to say.
  std::string launch_explanation;
  // Whether a concrete run of the kernel under the witness reached both
  // accesses on overlapping bytes in one barrier interval (pipeline/replay.hpp,
  // docs/pipeline.md "Replay"). When not, `replay_reason` says why: "data
  // read from memory", "an unknown function", "a loop bound hit", ... The
  // race still makes the kernel racy: an unconfirmed race is a possible one.
  bool confirmed = false;
  std::string replay_reason;
  // A race the explorer found: an execution that shows it, in order.
  std::vector<ReportedStep> schedule;
};

// A problem the explorer found other than a race: a failing assertion (or an
// index out of a declared array's bounds, an undefined operation), a
// deadlock or a barrier divergence, with an execution that shows it.
struct ReportedFailure {
  std::string kind;  // "assertion", "out-of-bounds", "undefined", "deadlock", "divergence"
  SourceLoc loc;     // where the (first) thread failed or is blocked
  std::string message;
  std::vector<ReportedStep> schedule;
  // A deadlock under a progress model (`check`'s liveness check under OBE,
  // docs/explorer-kernels.md "Progress"): `schedule` is the lasso's prefix
  // and `cycle` the steps repeated forever after it; `progress_model` names
  // the model ("obe"). Both empty for every other failure.
  std::vector<ReportedStep> cycle;
  std::string progress_model;
};

struct Diagnostic {
  enum class Severity { Error, Warning, Note };
  Severity severity = Severity::Note;
  SourceLoc loc;
  std::string message;
  // A note on how the analysis went (how a query was encoded, say): it
  // changes no verdict and asks nothing of the user, so the text report
  // shows it only with -v. JSON and SARIF keep every diagnostic.
  bool internal = false;
};

struct KernelReport {
  std::string name;
  std::string file;
  KernelStatus status = KernelStatus::Drf;
  std::vector<ReportedRace> races;
  std::vector<ReportedFailure> failures;
  std::vector<Diagnostic> diagnostics;
  // Which analysis decided each array: "protocols", "named barriers" or
  // "explorer" (the kernel ran through it for one concrete launch).
  std::map<std::string, std::string> engines;
  // The launch sizes the verdict assumes to be 1 because the kernel never
  // reads their dimension ("blockDim.y", "gridDim.z", ...;
  // pipeline/launch.hpp): it holds for launches where they are 1.
  std::vector<std::string> assumed_one;
  // Other assumptions the verdict rests on, in words ("signed arithmetic
  // over kernel arguments does not overflow": docs/frontend.md "Integer
  // widths").
  std::vector<std::string> assumptions;
  double seconds = 0;  // analysis time
};

}  // namespace racecert
