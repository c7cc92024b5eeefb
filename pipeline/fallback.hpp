#pragma once
// `racecert check` falls back to the explorer (docs/explorer-kernels.md,
// "In racecert check") for kernels with atomics or fences, for one concrete
// launch (the command line's, else the header's, else the stated default)
// of at most kMaxThreads threads:
//  - the protocol analysis could not decide (unknown), or reported a race it
//    could not confirm because the witness needs a value an atomic returned
//    or one read from memory (which in such a kernel may come from an atomic
//    through memory: a flag, a ticket kept in shared memory):
//    the first race, assertion failure, deadlock or divergence the explorer finds decides,
//    with its schedule; without one the kernel is `bounded` (never `drf`),
//    unless a confirmed race keeps it racy;
//  - the protocol analysis proved it race-free: the explorer still looks
//    for assertion failures and deadlocks, which protocols do not model; a
//    race only the explorer finds is reported, with a note of the
//    disagreement (the two must agree: tests/kernel_explore).
// Each report names the engine of each array.
#include <string>
#include <vector>

#include "kernel_ir/kernel_ir.hpp"
#include "pipeline/explore.hpp"
#include "support/gpuverify_header.hpp"
#include "support/report.hpp"

namespace racecert::pipeline {

// A kernel the explorer may decide.
struct ExploreCandidate {
  std::string file;
  kir::Kernel kernel;
  GpuVerifyHeader header;
  std::string shared_engine;  // "named barriers" when shared memory went there
};

inline constexpr int kMaxFallbackThreads = 64;
inline constexpr double kFallbackSeconds = 5;

// Whether the kernel has what the explorer is for: atomics or fences.
bool wants_explorer(const kir::Kernel& k);

// Updates each candidate's report (matched by file and kernel name).
void fall_back_to_explorer(std::vector<KernelReport>& reports, const std::vector<ExploreCandidate>& candidates,
                           const ExploreSettings& settings);

}  // namespace racecert::pipeline
