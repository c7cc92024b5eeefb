#pragma once
// A kernel's exploration as the report every command renders
// (support/report.hpp): races, failures, deadlocks and divergences with
// their schedules in source terms, the defaults the run used as notes, and
// the explorer as the engine of every array it decided.
#include <string>
#include <vector>

#include "kernel_explore/explore_kernel.hpp"
#include "support/report.hpp"

namespace racecert::kexplore {

KernelStatus kernel_status(Status s);

// The start of the note of a bounded exploration (which `check` drops when
// the kernel may hang under OBE: the exploration assumed fair scheduling).
inline constexpr const char* kBoundedNote = "no execution of this launch with these inputs shows a problem";

// An explorer schedule of the lowered kernel in source terms: which thread
// ran which line, what it read (from whom) and wrote; the two halves of a
// read-modify-write as one step. Also the lassos of kernel liveness.
std::vector<ReportedStep> describe_schedule(const LoweredKernel& l, const explorer::Schedule& s);

KernelReport to_report(const KernelExploration& e, const kir::Kernel& k, const std::string& file, const Options& o);

}  // namespace racecert::kexplore
