#pragma once
// `racecert progress check KERNEL.cu|.cl`: termination of each kernel under
// the progress models, for one concrete launch (pipeline/progress.hpp).
// The same JSON shape as for litmus programs (progress/report.hpp):
//   {"results": [{"kernel", "model", "fairness", "terminates",
//                 "witness": {"prefix": [step...], "cycle": [step...]} | null}],
//    "kernels": [{"name", "file", "status", "notes", ...}]}
// where a step is {"file", "line", "column", "thread", "action"};
// "terminates" is null (with a "reason") when the model's verdict is
// unknown, and "max_resident_blocks" appears when an occupancy is given.
#include <string>

#include "cli/command_line.hpp"

namespace racecert::cli {

// Adds the kernel options (launch, inputs, occupancy, kernel, time limit)
// to `progress check`'s.
void add_progress_kernel_options(cxxopts::Options& opts);

// Whether `file` is a kernel (.cu or .cl) rather than a progress test.
bool is_kernel_file(const std::string& file);

// `model`/`fairness`: the one verdict asked for (empty: the six models,
// weak fairness). Exit: 0 terminates (every verdict, without --model), 1
// may hang (with --model), 2 malformed input, 4 a verdict unknown.
int progress_check_kernel(const std::string& file, const cxxopts::ParseResult& args, const std::string& model,
                          const std::string& fairness);

}  // namespace racecert::cli
