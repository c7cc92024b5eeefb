#pragma once
// Merging the verdicts of one kernel: the protocol analysis (global memory,
// or everything) and the named-barrier check (shared memory) each give a
// report; the kernel gets one, with the worse status.
#include <string>
#include <utility>
#include <vector>

#include "frontend/frontend.hpp"
#include "pipeline/launch.hpp"
#include "support/diagnostic.hpp"
#include "support/report.hpp"

namespace racecert::pipeline {

// A note of the front end or inference for the kernel (file, name).
struct KernelNote {
  std::string file, kernel;
  Diagnostic note;
};

// Adds `r` to the report of the same (file, kernel), or as a new report.
void add_or_merge(std::vector<KernelReport>& reports, const KernelReport& r);

// Appends each note to the report of its kernel.
void attach_notes(std::vector<KernelReport>& reports, const std::vector<KernelNote>& notes);

// States the host-code launch the report was checked for (an assumption
// "the launch of the host code at k.cu:88 (<<<64, 256>>>)"); with several shapes each
// race names its launch too (in its launch explanation).
void name_host_launch(KernelReport& r, const HostLaunchUsed& used);

// The reports of one kernel checked for several host launches become one:
// the worse status, every race, failure, note and assumption once. `used`:
// per report, its host launch (only reports of several shapes merge; two
// overloads of one name stay apart).
void merge_launch_shapes(std::vector<KernelReport>& reports, const std::vector<HostLaunchUsed>& used);

KernelReport unknown_report(const std::string& file, const std::string& name, std::vector<Diagnostic> why);

// Why a kernel with compile errors is not analysed: its errors, then the
// file's notes (a skipped header is often why).
std::vector<Diagnostic> compile_errors(const frontend::LoweredKernel& lk, const frontend::ParsedFile& f);

}  // namespace racecert::pipeline
