#pragma once
// The entry points of the named-barrier check for `racecert check` (files
// with extension .bar) and for front ends that extract per-warp command
// sequences from kernels: the verdict as the shared racecert::KernelReport.
//
// Statuses: drf (well-synchronized and race-free); racy (the races carry both
// accesses, their units and threads, and the barrier generations around
// them); deadlock (not well-synchronized: a deadlock, count mismatch, too many
// threads or unsafe recycling, described in the diagnostics, deadlocks with
// every waiting unit, barrier and generation); unknown (a data-dependent
// command, with its position).
#include <string>
#include <vector>

#include "barriers/analysis.hpp"
#include "barriers/program.hpp"
#include "support/report.hpp"

namespace racecert::barriers {

struct CheckOptions {
  AnalysisOptions analysis;
};

KernelReport check(const Program& p, const CheckOptions& o = {});
KernelReport to_report(const Program& p, const Analysis& a);

// Parse errors and malformed programs throw racecert::Error (exit code 2).
std::vector<KernelReport> check_text(const std::string& text, const std::string& filename,
                                     const CheckOptions& o = {});
std::vector<KernelReport> check_text_file(const std::string& path, const CheckOptions& o = {});

}  // namespace racecert::barriers
