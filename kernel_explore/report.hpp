#pragma once
// A kernel's exploration as the report every command renders
// (support/report.hpp): races, failures, deadlocks and divergences with
// their schedules in source terms, the defaults the run used as notes, and
// the explorer as the engine of every array it decided.
#include <string>

#include "kernel_explore/explore_kernel.hpp"
#include "support/report.hpp"

namespace racecert::kexplore {

KernelStatus kernel_status(Status s);

KernelReport to_report(const KernelExploration& e, const kir::Kernel& k, const std::string& file, const Options& o);

}  // namespace racecert::kexplore
