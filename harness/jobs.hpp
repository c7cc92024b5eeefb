#pragma once
// --emit-jobs: one shell command per kernel, each a `racecert harness run`
// of that kernel alone that writes its own CSV under OUT/parts/. The lines
// run anywhere the same paths exist (a shared file system): with GNU
// Parallel (`parallel --sshlogin ... < jobs.txt`) or as a Slurm array
// (`sed -n "${SLURM_ARRAY_TASK_ID}p" jobs.txt | sh`); `racecert harness
// merge OUT/parts --out OUT` then builds the summary.
#include <string>
#include <vector>

#include "harness/dataset.hpp"

namespace racecert::harness {

struct JobSettings {
  std::string racecert;               // absolute path of the racecert running the jobs
  std::string racecert_checker;       // --racecert forwarded (empty: none)
  std::vector<std::string> tool_specs;
  std::string out_dir;                // absolute; parts go to OUT/parts/NNNNN
  double timeout_s = 60;
  int repeat = 1;
};

// The lines of the job file, one per kernel, shell-quoted.
std::vector<std::string> job_lines(const std::vector<KernelCase>& cases, const JobSettings& s);

// Writes them to `path`. Throws input_error when it cannot.
void write_job_file(const std::string& path, const std::vector<std::string>& lines);

}  // namespace racecert::harness
