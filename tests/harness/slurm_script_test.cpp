// The Slurm batch script `harness run --emit-jobs` writes beside the job
// file, checked against sbatch's syntax without a Slurm controller: every
// #SBATCH directive is a known sbatch option with a well-formed value, all
// come before the first command (sbatch stops reading them there), the
// array covers every line of the job file, and the script parses with sh
// and bash -n. (tests/ecosystem/parallel_test.sh runs it as task 2.)
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <sstream>

#include "harness/jobs.hpp"
#include "tests/harness/test_util.hpp"

using namespace racecert::harness;
using namespace racecert::harness::testkit;

namespace {

// sbatch's long options the script may use, with the values sbatch accepts
// (the forms of sbatch(1); --time: minutes, minutes:seconds, hours:minutes:
// seconds, days-hours, days-hours:minutes, days-hours:minutes:seconds).
const std::map<std::string, std::regex>& known_options() {
  static const std::map<std::string, std::regex> m = {
      {"job-name", std::regex(R"([A-Za-z0-9._-]+)")},
      {"array", std::regex(R"([0-9]+(-[0-9]+)?(:[0-9]+)?(%[0-9]+)?)")},
      {"ntasks", std::regex(R"([1-9][0-9]*)")},
      {"cpus-per-task", std::regex(R"([1-9][0-9]*)")},
      {"time", std::regex(R"([0-9]+|[0-9]+:[0-5][0-9]|[0-9]+:[0-5][0-9]:[0-5][0-9]|)"
                          R"([0-9]+-([01]?[0-9]|2[0-3])(:[0-5][0-9](:[0-5][0-9])?)?)")},
      // An absolute file name; % only in sbatch's filename patterns.
      {"output", std::regex(R"(/([^%\s]|%[AajNuxst%])+)")},
  };
  return m;
}

struct Directive {
  std::string option, value;
};

// The #SBATCH lines, in order; fails the test on a directive after the
// first command or one not of the form `#SBATCH --option=value`.
std::vector<Directive> directives(const std::string& script) {
  std::vector<Directive> out;
  std::stringstream in(script);
  bool command_seen = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("#SBATCH", 0) == 0) {
      EXPECT_FALSE(command_seen) << "sbatch ignores a directive after the first command: " << line;
      std::smatch m;
      EXPECT_TRUE(std::regex_match(line, m, std::regex(R"(#SBATCH --([a-z-]+)=(\S+))"))) << line;
      if (m.size() == 3) out.push_back({m[1], m[2]});
    } else if (!line.empty() && line[0] != '#') {
      command_seen = true;
    }
  }
  return out;
}

long seconds_of(const std::string& time) {  // D-HH:MM:SS, the form the script uses
  int d = 0, h = 0, m = 0, s = 0;
  EXPECT_EQ(std::sscanf(time.c_str(), "%d-%d:%d:%d", &d, &h, &m, &s), 4) << time;
  return ((d * 24L + h) * 60 + m) * 60 + s;
}

void expect_valid(const std::string& script, std::size_t jobs, double min_seconds, const std::string& logs) {
  EXPECT_EQ(script.rfind("#!/bin/sh\n", 0), 0u);
  std::map<std::string, std::string> seen;
  for (const auto& d : directives(script)) {
    auto it = known_options().find(d.option);
    ASSERT_NE(it, known_options().end()) << "not an sbatch option: --" << d.option;
    EXPECT_TRUE(std::regex_match(d.value, it->second)) << "--" << d.option << "=" << d.value;
    EXPECT_TRUE(seen.emplace(d.option, d.value).second) << "--" << d.option << " twice";
  }
  EXPECT_EQ(seen["array"], "1-" + std::to_string(jobs));
  EXPECT_GE(seconds_of(seen["time"]), min_seconds);
  EXPECT_EQ(std::filesystem::path(seen["output"]).parent_path().string(), logs);
  EXPECT_TRUE(std::filesystem::is_directory(logs)) << "Slurm does not create the log directory";
  TempDir d;
  write_file(d / "job.sbatch", script);
  for (const char* shell : {"sh", "bash"}) {
    Cmd c = run({shell, "-n", d / "job.sbatch"});
    EXPECT_EQ(c.code, 0) << shell << ": " << c.err;
  }
}

}  // namespace

TEST(SlurmScript, EmittedScriptIsValidSbatchInput) {
  TempDir d;
  write_file(d / "ds/a.cu", kernel_text(false));
  write_file(d / "ds/b.cu", kernel_text(true));
  write_file(d / "ds/sub/c.cu", kernel_text(false));
  Cmd emit = run_racecert({"harness", "run", d / "ds", "--out", d / "out", "--timeout", "30", "--repeat", "2",
                           "--tool", "racecert", "--tool", "other=sh -c 'exit 1' {file}", "--emit-jobs",
                           d / "jobs.txt"});
  ASSERT_EQ(emit.code, 0) << emit.err;
  EXPECT_NE(emit.out.find("sbatch " + d / "jobs.sbatch"), std::string::npos) << emit.out;
  // Two tools, each run twice for up to 30 s: at least two minutes a task.
  expect_valid(read_text(d / "jobs.sbatch"), 3, 2 * 2 * 30, d / "out/logs");
}

TEST(SlurmScript, TimeLimitFormatAcrossDays) {
  JobSettings s;
  s.out_dir = "/shared/out";
  s.timeout_s = 36000;  // ten hours a run, three runs: past a day
  s.repeat = 3;
  std::string script = slurm_script("/shared/jobs.txt", 1200, s, 1);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(script, m, std::regex(R"(#SBATCH --time=(\S+))")));
  EXPECT_EQ(m[1], "1-21:01:00");  // 1.5 * 3 * 36000 s + 60 s
  EXPECT_NE(script.find("sed -n \"${SLURM_ARRAY_TASK_ID}p\" /shared/jobs.txt"), std::string::npos) << script;
  EXPECT_EQ(slurm_script_path("/x/jobs.txt"), "/x/jobs.sbatch");
  EXPECT_EQ(slurm_script_path("/x/jobs"), "/x/jobs.sbatch");
  EXPECT_EQ(slurm_script_path("/x/j.sbatch"), "/x/j.sbatch.sbatch");  // never the job file itself
}
