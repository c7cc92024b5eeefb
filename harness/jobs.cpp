#include "harness/jobs.hpp"

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
    char part[16];
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

}  // namespace racecert::harness
