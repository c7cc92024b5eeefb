#pragma once
// `racecert progress check KERNEL.cu|.cl`: termination of each kernel of a
// file under the progress models, for one concrete launch with the
// explorer's inputs (explore.hpp: launch from the flags or the header,
// --kernel-args, --memory, --loop-bound) and an occupancy bound
// (--max-resident-blocks). The blocks are the models' units
// (kernel_explore/liveness.hpp; docs/explorer-kernels.md "Progress").
#include <optional>
#include <string>
#include <vector>

#include "kernel_explore/liveness.hpp"
#include "pipeline/explore.hpp"

namespace racecert::pipeline {

struct KernelProgress {
  std::string file, kernel;
  SourceLoc loc;                      // the kernel's
  kexplore::KernelLiveness liveness;  // Unknown with the reason when not lowered
};

struct ProgressFileResult {
  std::vector<KernelProgress> kernels;
  std::vector<Error> errors;  // a malformed file, no such kernel
};

ProgressFileResult progress_file(const std::string& path, const frontend::Options& fo, const std::string& kernel,
                                 const ExploreSettings& s, const std::vector<progress::ModelSpec>& specs,
                                 double seconds_per_kernel);

// One kernel's verdicts (also `check`'s deadlock under OBE, fallback.cpp).
kexplore::KernelLiveness kernel_liveness(const kir::Kernel& k, const GpuVerifyHeader& h, const ExploreSettings& s,
                                         const std::vector<progress::ModelSpec>& specs);

// `check`'s deadlock under the default progress model, OBE (what NVIDIA and
// AMD GPUs are observed to provide), for a kernel the explorer found no
// problem in: a failure of kind "deadlock" with the lasso (schedule: the
// prefix, cycle: the loop), saying which other models (and, under an
// occupancy bound, whether every block resident) would let it terminate;
// nothing when it terminates under OBE. `notes` gets why, when the
// verdict is unknown.
std::optional<ReportedFailure> obe_deadlock(const kir::Kernel& k, const GpuVerifyHeader& h, const ExploreSettings& s,
                                            std::vector<std::string>& notes);

}  // namespace racecert::pipeline
