#pragma once
// Kernels through the explorer, for `racecert explore kernel.cu` and for
// `racecert check` where the protocol analysis cannot decide: the one place
// that turns the command line and the file's GPUVerify header into the
// explorer's inputs (kernel_explore/inputs.hpp) and runs it.
//
// The launch: the command line's --block-dim/--grid-dim, else the header's,
// else a stated default of 2 blocks of 2 threads. Scalar arguments:
// --kernel-args, else the header's --kernel-args=NAME,V,..., else each the
// number of threads (stated). Memory: --memory, else zero.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "kernel_explore/explore_kernel.hpp"
#include "kernel_ir/kernel_ir.hpp"
#include "pipeline/launch.hpp"
#include "support/gpuverify_header.hpp"
#include "support/report.hpp"

namespace racecert::pipeline {

struct ExploreSettings {
  Launch launch;  // the command line's
  std::map<std::string, std::int64_t> kernel_args;
  std::map<std::string, std::vector<std::int64_t>> memory;
  int loop_bound = 32;
  bool stop_on_first = false;
  bool benign_writes_race = false;  // --benign-races (the header's --no-benign-tolerance also)
  kexplore::Strategy strategy = kexplore::Strategy::Dpor;  // --strategy dpor|cd
  int delay_bound = 2;                                     // --delay-bound K
  bool cd_optimized = false;                               // --cd-optimized
  Deadline deadline = Deadline::never();
  // The progress models' occupancy: at most this many blocks run at once
  // (0: every block). `progress check` and `check`'s deadlock check under
  // OBE (pipeline/progress.hpp).
  unsigned max_resident_blocks = 0;
};

kexplore::Options explore_options(const kir::Kernel& k, const GpuVerifyHeader& h, const ExploreSettings& s);

// Every kernel of a .cu/.cl file explored (or only `kernel`), as for
// `racecert explore`: reports, and the errors of a malformed file.
struct ExploreFileResult {
  std::vector<KernelReport> kernels;
  std::vector<Error> errors;
};
ExploreFileResult explore_file(const std::string& path, const frontend::Options& fo, const std::string& kernel,
                               const ExploreSettings& s, double seconds_per_kernel);

// The kernels of a .cu/.cl file (or only `kernel`) that the front end
// lowered, each with the file's header; a kernel with compile errors goes
// to `failed` with why, a malformed file or no such kernel to `errors`. The
// one walk over a file's kernels of `explore` and `progress check`.
struct KernelVisitor {
  std::function<void(const kir::Kernel&, const GpuVerifyHeader&)> lowered;
  std::function<void(const std::string& name, std::vector<Diagnostic> why)> failed;
};
void visit_kernels(const std::string& path, const frontend::Options& fo, const std::string& kernel,
                   const KernelVisitor& visit, std::vector<Error>& errors);

// The settings with a deadline `seconds` from now (none when 0).
ExploreSettings with_time_limit(const ExploreSettings& s, double seconds);

// The kernel's exploration as a report.
KernelReport explore_report(const kir::Kernel& k, const std::string& file, const GpuVerifyHeader& h,
                            const ExploreSettings& s);

}  // namespace racecert::pipeline
