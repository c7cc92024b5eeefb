#include "harness/jobs.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "harness/command_template.hpp"
#include "support/diagnostic.hpp"

namespace racecert::harness {

std::vector<std::string> job_lines(const std::vector<KernelCase>& cases, const JobSettings& s) {
  std::vector<std::string> lines;
  char timeout[32];
  std::snprintf(timeout, sizeof timeout, "%g", s.timeout_s);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    char part[24];  // a size_t in 5 or more digits
    std::snprintf(part, sizeof part, "%05zu", i + 1);
    std::vector<std::string> argv = {s.racecert, "harness", "run"};
    for (const auto& t : s.tool_specs) argv.insert(argv.end(), {"--tool", t});
    if (!s.racecert_checker.empty()) argv.insert(argv.end(), {"--racecert", s.racecert_checker});
    // --root keeps the dataset name and the kernel's relative name what a
    // local run of the whole directory would give, so merged CSVs line up.
    argv.insert(argv.end(), {"--timeout", timeout, "--repeat", std::to_string(s.repeat), "--root", cases[i].root,
                             "--csv-only", "--out", (std::filesystem::path(s.out_dir) / "parts" / part).string(),
                             cases[i].path});
    lines.push_back(shell_join(argv));
  }
  return lines;
}

void write_job_file(const std::string& path, const std::vector<std::string>& lines) {
  std::error_code ec;
  auto dir = std::filesystem::path(path).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  std::ofstream os(path, std::ios::binary);
  for (const auto& l : lines) os << l << "\n";
  if (!os.flush()) throw input_error(SourceLoc{path, 0, 0}, "cannot write file");
}

std::string slurm_script(const std::string& job_file, std::size_t jobs, const JobSettings& s, std::size_t tools) {
  // Every run of every tool may take the whole timeout; then a minute for
  // starting racecert and writing the CSV, and half again as a margin.
  long seconds = static_cast<long>(1.5 * s.timeout_s * static_cast<double>(s.repeat * std::max<std::size_t>(tools, 1))) + 60;
  char limit[48];
  std::snprintf(limit, sizeof limit, "%ld-%02ld:%02ld:%02ld", seconds / 86400, seconds / 3600 % 24, seconds / 60 % 60,
                seconds % 60);
  std::string logs = (std::filesystem::path(s.out_dir) / "logs").string();
  // Slurm reads #SBATCH lines only before the first command, and takes
  // their values verbatim (no shell quoting): the paths are used as they are.
  std::string out = "#!/bin/sh\n"
                    "# racecert harness: one Slurm array task per line of the job file (--emit-jobs).\n"
                    "# Submit with `sbatch " + slurm_script_path(job_file) + "`; when every task is done:\n"
                    "#   racecert harness merge " + (std::filesystem::path(s.out_dir) / "parts").string() + " --out " +
                    s.out_dir + "\n"
                    "# Clusters cap array indices (MaxArraySize, 1001 by default): split larger job files.\n";
  out += "#SBATCH --job-name=racecert-harness\n";
  out += "#SBATCH --array=1-" + std::to_string(jobs) + "\n";
  out += "#SBATCH --ntasks=1\n";
  out += "#SBATCH --cpus-per-task=1\n";
  out += std::string("#SBATCH --time=") + limit + "\n";
  out += "#SBATCH --output=" + logs + "/slurm-%A_%a.out\n";
  out += "line=$(sed -n \"${SLURM_ARRAY_TASK_ID}p\" " + shell_quote(job_file) + ")\n";
  out += "exec sh -c \"$line\"\n";
  return out;
}

std::string slurm_script_path(const std::string& job_file) {
  std::filesystem::path p(job_file);
  if (p.extension() == ".sbatch") return job_file + ".sbatch";
  return p.replace_extension(".sbatch").string();
}

}  // namespace racecert::harness
