#pragma once
// Runs a kernel through the explorer for one concrete launch and classifies
// the outcome (docs/explorer-kernels.md):
//   racy       a data or heterogeneous (scope) race in some execution;
//   assertion  a reachable failing assert (or an index out of a declared
//              array's bounds, or an undefined operation);
//   deadlock   every thread blocked at a barrier or spinning in an await loop;
//   divergence barrier divergence;
//   bounded    no execution of this launch and these inputs shows a problem.
//              Never `drf`: other launches, inputs or a higher loop bound may;
//   unknown    the kernel cannot be lowered (the construct and its position),
//              an index ran past an array whose size was only assumed, or
//              the time limit ended an exploration that had found nothing.
#include <optional>
#include <string>
#include <vector>

#include "explorer/result.hpp"
#include "kernel_explore/lower.hpp"
#include "support/deadline.hpp"
#include "support/source_location.hpp"

namespace racecert::kexplore {

enum class Status { Racy, Assertion, Deadlock, Divergence, Bounded, Unknown };
const char* to_string(Status s);  // "racy", "assertion", "deadlock", "divergence", "bounded", "unknown"

// Dpor: every execution under scoped RC11 (explorer/dpor.hpp).
// DelayBounding: GKLEE's conflict-directed delay bounding, sequentially
// consistent schedules with at most `delay_bound` delays
// (explorer/delay_bounding.hpp): for kernels whose full exploration is too
// large; it may miss what needs more delays or weak memory, so without a
// finding the result is still only `bounded`.
enum class Strategy { Dpor, DelayBounding };

struct Options {
  Inputs inputs;
  int loop_bound = 32;
  bool stop_on_first = false;
  Strategy strategy = Strategy::Dpor;
  int delay_bound = 2;
  bool cd_optimized = false;
  // Two plain writes of the same value race (check --benign-races, the
  // header's --no-benign-tolerance); by default they are benign, as in the
  // protocol analysis.
  bool benign_writes_race = false;
  Deadline deadline = Deadline::never();  // past it: unknown, unless something was found
};

struct KernelExploration {
  Status status = Status::Unknown;
  std::string reason;  // unknown: what and where
  SourceLoc where;
  std::optional<LoweredKernel> lowered;
  explorer::ExploreResult result;
  std::vector<Status> findings;  // every kind of problem found, most important first
  bool loop_bound_hit() const { return result.bounded > 0; }
};

KernelExploration explore_kernel(const kir::Kernel& kernel, const Options& options);

}  // namespace racecert::kexplore
