#pragma once
// --emit-jobs: one shell command per kernel, each a `racecert harness run`
// of that kernel alone that writes its own CSV under OUT/parts/. The lines
// run anywhere the same paths exist (a shared file system): with GNU
// Parallel (`parallel --sshlogin ... < jobs.txt`) or as a Slurm job array
// (the batch script written beside the job file, `sbatch jobs.sbatch`);
// `racecert harness merge OUT/parts --out OUT` then builds the summary.
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

// A Slurm batch script running the job file `job_file` (absolute) of `jobs`
// lines as a job array, task i running line i (`sbatch SCRIPT`). Each task
// gets one CPU and a time limit covering every tool's runs of its kernel;
// logs go to OUT/logs/ (made by the caller: Slurm does not create it).
std::string slurm_script(const std::string& job_file, std::size_t jobs, const JobSettings& s, std::size_t tools);

// Where --emit-jobs FILE puts the batch script: FILE with extension .sbatch.
std::string slurm_script_path(const std::string& job_file);

}  // namespace racecert::harness
