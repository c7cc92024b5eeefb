#pragma once
// A harness run: every tool on every kernel, K times, in parallel, and the
// files it leaves in the output directory.
#include <memory>
#include <string>
#include <vector>

#include "harness/dataset.hpp"
#include "harness/results.hpp"
#include "harness/tool.hpp"

namespace racecert::harness {

struct RunSettings {
  int jobs = 1;            // tool runs at the same time
  double timeout_s = 60;   // per run
  int repeat = 1;          // runs per tool and kernel
  bool progress = false;   // draw a progress bar on stdout
};

// Runs every tool on every case; rows come out in a fixed order (run,
// kernel, tool) whatever the parallelism. A tool that does not read a
// kernel's file type gets an "unsupported" row without being run.
std::vector<ResultRow> run_tools(const std::vector<KernelCase>& cases,
                                 const std::vector<std::unique_ptr<Tool>>& tools, const RunSettings& s);

// One row for one answer (exposed for tests).
ResultRow make_row(const Tool& tool, const KernelCase& k, const ToolAnswer& a, int run);

// Writes results.csv, and unless `csv_only` summary.md and the plots, into
// `out_dir` (created). Returns the paths written. Throws input_error when the
// directory cannot be written.
std::vector<std::string> write_outputs(const std::vector<ResultRow>& rows, const std::string& out_dir, bool csv_only);

}  // namespace racecert::harness
