#pragma once
// Termination of a kernel under the GPU progress models, for one concrete
// launch (docs/explorer-kernels.md "Progress"): the kernel is lowered as
// for the explorer (lower.hpp) and handed to the explorer's liveness engine
// (liveness/liveness.hpp; this file is its adapter) with the blocks as the models' units: a block
// starts when one of its threads takes a step and terminates when all of
// its threads have, and `max_resident_blocks` bounds how many blocks run at
// once (occupancy). Each model's verdict comes with a lasso when the kernel
// may hang: the prefix, then the cycle the spinning threads repeat forever
// while the model keeps them scheduled (or lets them starve another block).
#include <string>
#include <vector>

#include "kernel_explore/explore_kernel.hpp"
#include "progress/models.hpp"
#include "support/report.hpp"

namespace racecert::kexplore {

enum class Termination { Terminates, Hangs, Unknown };
const char* to_string(Termination t);  // "terminates", "hangs", "unknown"

struct ModelVerdict {
  progress::ModelSpec spec;  // spec.occupancy: the max resident blocks (0: unbounded)
  Termination termination = Termination::Unknown;
  std::vector<ReportedStep> prefix, cycle;  // the lasso, in source terms (Hangs)
  SourceLoc where;                          // Hangs: where a thread spins; Unknown: the cause
  std::string reason;                       // Hangs: who spins on what; Unknown: why
};

struct KernelLiveness {
  // Unknown when the kernel cannot be lowered (reason and where say why);
  // otherwise Bounded: the verdicts hold for this launch and these inputs.
  Status status = Status::Unknown;
  std::string reason;
  SourceLoc where;
  std::vector<ModelVerdict> verdicts;  // in the order of the specs asked for
  std::vector<std::string> notes;      // the defaults of the lowering, the loop bound
};

// Each spec's verdict (spec.occupancy is the max resident blocks).
KernelLiveness check_kernel_liveness(const kir::Kernel& kernel, const Options& options,
                                     const std::vector<progress::ModelSpec>& specs);

// The specs `racecert progress check` decides on a kernel by default: the
// six models with weak fairness; `max_resident_blocks` is the occupancy of
// the OBE and LOBE rows (as --occupancy for progress tests: the paper's
// occupancy bound belongs to those two models).
std::vector<progress::ModelSpec> kernel_models(unsigned max_resident_blocks);

}  // namespace racecert::kexplore
