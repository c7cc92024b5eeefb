// `racecert harness run|merge|synth` as a user runs them: outputs, several
// tools, repeated runs, job files and merging, and one-line errors with
// distinct exit codes.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "harness/process.hpp"
#include "harness/results.hpp"
#include "tests/harness/test_util.hpp"

using namespace racecert;
using namespace racecert::harness;
using namespace racecert::harness::testkit;
namespace fs = std::filesystem;

namespace {

const std::string kPaper = RACECERT_SOURCE_DIR "/datasets/protocols/paper/";

// A small dataset: two paper protocols and two CUDA kernels.
void make_dataset(const std::string& dir) {
  for (const char* f : {"claim1-test2-drf.map", "claim1-test2-racy.map"})
    write_file(dir + "/protocols/" + f, read_text(kPaper + f));
  write_file(dir + "/cuda/good.cu", kernel_text(false));
  write_file(dir + "/cuda/bad.cu", kernel_text(true));
}

std::vector<ResultRow> rows_of(const std::string& csv) { return read_csv(read_text(csv), csv); }

std::multiset<std::string> outcomes(const std::vector<ResultRow>& rows) {
  std::multiset<std::string> s;
  for (const auto& r : rows) s.insert(r.tool + " " + r.dataset + "/" + r.kernel + " " + to_string(r.outcome));
  return s;
}

bool one_line(const std::string& s) { return !s.empty() && s.find('\n') == s.size() - 1; }

}  // namespace

TEST(HarnessCli, RunWritesCsvSummaryAndPlots) {
  TempDir d;
  make_dataset(d / "ds");
  Cmd c = run_racecert({"harness", "run", d / "ds/protocols", "--out", d / "out"});
  ASSERT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.out.find("racecert: 2 kernels, 1 correct DRF, 1 correct race"), std::string::npos) << c.out;
  EXPECT_EQ(c.out.find('\r'), std::string::npos);  // no progress bar when stdout is not a terminal
  auto rows = rows_of(d / "out/results.csv");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].kernel, "claim1-test2-drf.map");
  EXPECT_EQ(rows[0].dataset, "protocols");
  EXPECT_EQ(rows[0].outcome, Outcome::CorrectDrf);
  EXPECT_EQ(rows[1].outcome, Outcome::CorrectRace);
  EXPECT_GT(rows[1].peak_rss_kb, 0);
  EXPECT_GT(rows[1].wall_s, 0);
  std::string md = read_text(d / "out/summary.md");
  EXPECT_NE(md.find("| racecert | 2 | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 2 |"), std::string::npos) << md;
  for (const char* svg : {"cactus.svg", "time-per-kernel.svg", "memory-per-kernel.svg"}) {
    EXPECT_TRUE(file_exists(d / ("out/" + std::string(svg)))) << svg;
    EXPECT_NE(md.find(svg), std::string::npos);
  }
  EXPECT_FALSE(file_exists(d / "out/growth.svg"));  // no synthetic family here
}

TEST(HarnessCli, InProcessRacecertAgreesWithTheSubprocess) {
  TempDir d;
  make_dataset(d / "ds");
  Cmd c = run_racecert({"harness", "run", d / "ds/protocols", "--out", d / "out", "--tool", "racecert-inprocess",
                        "--tool", "racecert"});
  ASSERT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.out.find("racecert-inprocess: 2 kernels, 1 correct DRF, 1 correct race"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("\nracecert: 2 kernels, 1 correct DRF, 1 correct race"), std::string::npos) << c.out;
  for (const auto& r : rows_of(d / "out/results.csv")) {
    if (r.tool == "racecert-inprocess") {
      EXPECT_EQ(r.peak_rss_kb, -1);  // not measurable inside the harness
    }
  }
}

TEST(HarnessCli, SeveralToolsRepeatedRunsAndUnreadableFiles) {
  TempDir d;
  make_dataset(d / "ds");
  // A fake GPUVerify on PATH that reports every kernel racy (exit 6).
  write_file(d / "bin/gpuverify", "#!/bin/sh\necho 'error: possible race'\nexit 6\n", true);
  std::string path = d / "bin:" + std::string(std::getenv("PATH") ? std::getenv("PATH") : "/usr/bin:/bin");
  Cmd c = run_racecert({"harness", "run", d / "ds", "--out", d / "out", "--tool", "racecert", "--tool", "gpuverify",
                    "--tool", "always-drf=sh -c 'exit 0' {file}", "--repeat", "2", "--jobs", "2"},
                   "", {{"PATH", path}});
  ASSERT_EQ(c.code, 0) << c.err;
  auto rows = rows_of(d / "out/results.csv");
  ASSERT_EQ(rows.size(), 4u * 3u * 2u);
  std::map<std::string, std::string> got;  // "tool kernel" -> outcome (run 1)
  for (const auto& r : rows)
    if (r.run == 1) got[r.tool + " " + r.kernel] = to_string(r.outcome);
  EXPECT_EQ(got["gpuverify cuda/good.cu"], "false-alarm");
  EXPECT_EQ(got["gpuverify cuda/bad.cu"], "correct-race");
  EXPECT_EQ(got["gpuverify protocols/claim1-test2-drf.map"], "unsupported");  // not run: GPUVerify reads no .map
  EXPECT_EQ(got["always-drf cuda/bad.cu"], "missed-race");
  EXPECT_EQ(got["racecert protocols/claim1-test2-racy.map"], "correct-race");
  std::string md = read_text(d / "out/summary.md");
  EXPECT_NE(md.find("up to 2 runs each"), std::string::npos);
  EXPECT_NE(md.find("| gpuverify | `cuda/good.cu` | false alarm |"), std::string::npos) << md;
  EXPECT_NE(md.find("| always-drf | `cuda/bad.cu` | missed race |"), std::string::npos) << md;
}

TEST(HarnessCli, TimeoutIsRecordedAndTheRunGoesOn) {
  TempDir d;
  write_file(d / "ds/a.cu", kernel_text(false));
  write_file(d / "ds/b.cu", kernel_text(true));
  Cmd c = run_racecert({"harness", "run", d / "ds", "--out", d / "out", "--timeout", "0.5", "--tool",
                    "slow=sh -c 'sleep 30' {file}"});
  ASSERT_EQ(c.code, 0) << c.err;
  auto rows = rows_of(d / "out/results.csv");
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& r : rows) {
    EXPECT_EQ(r.outcome, Outcome::Timeout);
    EXPECT_LT(r.wall_s, 5.0);
  }
}

TEST(HarnessCli, EmitJobsThenMergeGivesTheSameResults) {
  TempDir d;
  make_dataset(d / "ds");
  Cmd direct = run_racecert({"harness", "run", d / "ds", "--out", d / "direct", "--tool", "racecert", "--tool",
                         "echo=sh -c 'exit 1' {file}"});
  ASSERT_EQ(direct.code, 0) << direct.err;
  Cmd emit = run_racecert({"harness", "run", d / "ds", "--out", d / "dist", "--emit-jobs", d / "jobs.txt", "--tool",
                       "racecert", "--tool", "echo=sh -c 'exit 1' {file}"});
  ASSERT_EQ(emit.code, 0) << emit.err;
  EXPECT_NE(emit.out.find("racecert harness merge"), std::string::npos);
  std::stringstream jobs(read_text(d / "jobs.txt"));
  int n = 0;
  for (std::string line; std::getline(jobs, line); ++n) {
    EXPECT_NE(line.find("--root"), std::string::npos);
    Cmd job = run({"sh", "-c", line});  // as GNU Parallel or a Slurm task would
    ASSERT_EQ(job.code, 0) << line << "\n" << job.err;
  }
  EXPECT_EQ(n, 4);  // one command per kernel
  Cmd merge = run_racecert({"harness", "merge", d / "dist/parts", "--out", d / "dist"});
  ASSERT_EQ(merge.code, 0) << merge.err;
  EXPECT_NE(merge.out.find("merged 4 file(s), 8 rows"), std::string::npos) << merge.out;
  EXPECT_EQ(outcomes(rows_of(d / "dist/results.csv")), outcomes(rows_of(d / "direct/results.csv")));
  // Merging CSV files given by name works the same.
  Cmd by_file = run_racecert({"harness", "merge", d / "direct/results.csv", "--out", d / "again"});
  ASSERT_EQ(by_file.code, 0) << by_file.err;
  EXPECT_EQ(read_text(d / "again/results.csv"), read_text(d / "direct/results.csv"));
}

TEST(HarnessCli, SynthThenRunProducesTheGrowthPlot) {
  TempDir d;
  Cmd synth = run_racecert({"harness", "synth", "--family", "all", "--size", "1-3", "--lang", "map", "--out", d / "syn"});
  ASSERT_EQ(synth.code, 0) << synth.err;
  EXPECT_EQ(synth.out, "wrote 15 kernel(s) to " + d / "syn" + "\n");
  Cmd cu = run_racecert({"harness", "synth", "--family", "barrier", "--size", "4", "--both", "--out", d / "cu"});
  ASSERT_EQ(cu.code, 0) << cu.err;
  EXPECT_TRUE(file_exists(d / "cu/barrier-4.cu"));
  EXPECT_TRUE(file_exists(d / "cu/barrier-4-racy.cu"));
  Cmd c = run_racecert({"harness", "run", d / "syn", "--out", d / "out", "--jobs", "2"});
  ASSERT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.out.find("racecert: 15 kernels, 15 correct DRF"), std::string::npos) << c.out;
  auto rows = rows_of(d / "out/results.csv");
  for (const auto& r : rows) {
    EXPECT_FALSE(r.family.empty());
    EXPECT_GE(r.size, 1);
  }
  EXPECT_TRUE(file_exists(d / "out/growth.svg"));
  std::string md = read_text(d / "out/summary.md");
  for (const char* f : {"| access |", "| barrier |", "| conditional |", "| unsync-loop |", "| sync-loop |"})
    EXPECT_NE(md.find(f), std::string::npos) << f << "\n" << md;
}

TEST(HarnessCli, UsageErrorsAreOneLineWithExitCode3) {
  TempDir d;
  write_file(d / "ds/a.map", read_text(kPaper + "claim1-test2-drf.map"));
  std::vector<std::vector<std::string>> cases = {
      {"harness"},
      {"harness", "bogus"},
      {"harness", "run", "--out", d / "o"},
      {"harness", "run", d / "ds"},
      {"harness", "run", d / "ds", "--out", d / "o", "--jobs", "0"},
      {"harness", "run", d / "ds", "--out", d / "o", "--jobs", "many"},
      {"harness", "run", d / "ds", "--out", d / "o", "--timeout", "-1"},
      {"harness", "run", d / "ds", "--out", d / "o", "--repeat", "0"},
      {"harness", "run", d / "ds", "--out", d / "o", "--frobnicate"},
      {"harness", "run", d / "ds", "--out", d / "o", "--tool"},
      {"harness", "run", d / "ds", "--out", d / "o", "--tool", "/no/such/tool {file}"},
      {"harness", "run", d / "ds", "--out", d / "o", "--tool", "x {nope}"},
      {"harness", "run", d / "ds", "--out", d / "o", "--tool", "racecert", "--tool", "racecert"},
      {"harness", "run", d / "ds", "--out", d / "o", "--ext", "cu"},
      {"harness", "merge", "--out", d / "o"},
      {"harness", "merge", d / "ds"},
      {"harness", "synth", "--family", "loops", "--size", "1", "--out", d / "s"},
      {"harness", "synth", "--family", "access", "--size", "0", "--out", d / "s"},
      {"harness", "synth", "--family", "access", "--size", "5-2", "--out", d / "s"},
      {"harness", "synth", "--family", "access", "--size", "x", "--out", d / "s"},
      {"harness", "synth", "--family", "access", "--size", "2", "--lang", "ptx", "--out", d / "s"},
      {"harness", "synth", "--family", "access", "--out", d / "s"},
  };
  for (const auto& args : cases) {
    Cmd c = run_racecert(args);
    std::string shown;
    for (const auto& a : args) shown += a + " ";
    EXPECT_EQ(c.code, 3) << shown << "\n" << c.err;
    if (args.size() > 2) {
      EXPECT_TRUE(one_line(c.err)) << shown << "\n[" << c.err << "]";
    }
  }
  EXPECT_FALSE(file_exists(d / "o"));
}

TEST(HarnessCli, BadInputIsOneLineWithExitCode2) {
  TempDir d;
  write_file(d / "empty/notes.txt", "x");
  write_file(d / "csv/results.csv", "tool,kernel,outcome,wall_seconds\nt,k,maybe,1\n");
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  std::vector<Case> cases = {
      {{"harness", "run", d / "missing", "--out", d / "o"}, "no such file or directory"},
      {{"harness", "run", d / "empty", "--out", d / "o"}, "no kernel files found"},
      {{"harness", "merge", d / "csv", "--out", d / "o"}, "results.csv:2: error: unknown outcome 'maybe'"},
      {{"harness", "merge", d / "missing.csv", "--out", d / "o"}, "no such file"},
      {{"harness", "merge", d / "empty", "--out", d / "o"}, "no results.csv"},
  };
  for (const auto& c : cases) {
    Cmd r = run_racecert(c.args);
    EXPECT_EQ(r.code, 2) << c.args[2] << "\n" << r.err;
    EXPECT_TRUE(one_line(r.err)) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}

TEST(HarnessCli, NoFileAbortsTheRunAndEveryFileIsARow) {
  // One file of each kind that used to end the whole run, next to ordinary
  // ones. A fake tool records the dimensions it gets.
  TempDir d;
  const std::string cl_body = "__kernel void k(__global int *A) { A[get_global_id(0)] = 1; }\n";
  const std::string cu_body = "__global__ void k(int *A) { A[threadIdx.x] = 1; }\n";
  write_file(d / "ds/comma.cl", "//pass\n//--local_size=1,10 --num_groups=2,3 --check-array-bounds\n" + cl_body);
  write_file(d / "ds/star-local.cl", "//pass\n//--local_size=* --global_size=1024\n" + cl_body);
  write_file(d / "ds/star-groups.cl", "//pass\n//--local_size=64 --num_groups=*\n" + cl_body);
  write_file(d / "ds/not-multiple.cl", "//pass\n//--local_size=[8,8] --global_size=[16,12]\n" + cl_body);
  write_file(d / "ds/zero.cu", "//pass\n//--blockDim=0 --gridDim=1\n" + cu_body);
  write_file(d / "ds/bad-byte.cu", "//xfail:NOT_ALL_VERIFIED\n//--blockDim=32 --gridDim=1 -D\xffN=1\n" + cu_body);
  write_file(d / "ds/odd-byte.cu", "//pass\n//--blockDim=32 --gridDim=1 --note=caf\xe9\n" + cu_body);
  write_file(d / "ds/upper.cu", "//PASS\n//--blockDim=16 --gridDim=2\n" + cu_body);
  write_file(d / "ds/no-header.cu", cu_body);
  write_file(d / "ds/tool-error.cl", "//xfail:BUGLE_ERROR\n//--local_size=8 --num_groups=1\n" + cl_body);
  write_file(d / "bin/fake", "#!/bin/sh\necho \"$*\" >> \"" + d / "log" + "\"\nexit 0\n", true);
  Cmd c = run_racecert({"harness", "run", d / "ds", "--out", d / "out", "--tool",
                        "dims=" + d / "bin/fake" + " {name} --block={block} --grid={grid}"});
  ASSERT_EQ(c.code, 0) << c.err;
  auto rows = rows_of(d / "out/results.csv");
  ASSERT_EQ(rows.size(), 10u);
  std::map<std::string, std::string> got;
  for (const auto& r : rows) got[r.kernel] = to_string(r.outcome);
  EXPECT_EQ(got["comma.cl"], "correct-drf");
  EXPECT_EQ(got["star-local.cl"], "correct-drf");
  EXPECT_EQ(got["star-groups.cl"], "correct-drf");
  EXPECT_EQ(got["odd-byte.cu"], "correct-drf");
  EXPECT_EQ(got["upper.cu"], "correct-drf");
  EXPECT_EQ(got["not-multiple.cl"], "malformed-input");
  EXPECT_EQ(got["zero.cu"], "malformed-input");
  EXPECT_EQ(got["bad-byte.cu"], "malformed-input");
  EXPECT_EQ(got["no-header.cu"], "skipped");
  EXPECT_EQ(got["tool-error.cl"], "skipped");
  for (const auto& r : rows)
    if (r.kernel == "zero.cu") {
      EXPECT_EQ(r.verdict, "malformed");
      EXPECT_EQ(r.exit_status, "not run");
      EXPECT_EQ(r.expected, "drf");
      EXPECT_EQ(r.detail, "zero.cu:2:3: error: invalid dimension (expected N, [X,Y,Z] or X,Y,Z, each from 1 to "
                          "2^31-1 or *) in '--blockDim=0'");
    }
  // The dimensions GPUVerify means: several components, `*` left open.
  std::string log = read_text(d / "log");
  EXPECT_NE(log.find("comma.cl --block=[1,10,1] --grid=[2,3,1]\n"), std::string::npos) << log;
  EXPECT_NE(log.find("star-local.cl\n"), std::string::npos) << log;
  EXPECT_NE(log.find("star-groups.cl --block=[64,1,1]\n"), std::string::npos) << log;
  EXPECT_NE(log.find("odd-byte.cu --block=[32,1,1] --grid=[1,1,1]\n"), std::string::npos) << log;
  EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 5);  // not run on the malformed and skipped ones
  // Each malformed header is one line on stderr, with its position.
  EXPECT_EQ(std::count(c.err.begin(), c.err.end(), '\n'), 3) << c.err;
  EXPECT_NE(c.err.find(d / "ds/not-multiple.cl:2:22: error: --global_size is not a multiple of --local_size in "
                           "dimension 2 (recorded as malformed input)\n"),
            std::string::npos) << c.err;
  EXPECT_NE(c.err.find(d / "ds/bad-byte.cu:2:29: error: invalid macro definition"), std::string::npos) << c.err;
  std::string md = read_text(d / "out/summary.md");
  EXPECT_NE(md.find("malformed input"), std::string::npos) << md;
}

// One header parser, one behaviour for a bad value: `harness run` records
// the row as malformed input and goes on; `racecert check` on the same file
// exits 2 with the same one-line diagnostic.
TEST(HarnessCli, CheckAndHarnessAgreeOnAMalformedHeader) {
  TempDir d;
  write_file(d / "ds/zero.cu", "//pass\n//--blockDim=0 --gridDim=1\n__global__ void k(int *A) { A[threadIdx.x] = 1; }\n");
  write_file(d / "ds/comma.cl",
             "//pass\n//--local_size=1,10 --num_groups=1,10\n__kernel void k(__global int *A) { A[get_global_id(0)] = 1; }\n");
  Cmd run = run_racecert({"harness", "run", d / "ds", "--out", d / "out", "--tool", "racecert"});
  ASSERT_EQ(run.code, 0) << run.err;
  std::map<std::string, std::string> got;
  for (const auto& r : rows_of(d / "out/results.csv")) got[r.kernel] = to_string(r.outcome);
  EXPECT_EQ(got["zero.cu"], "malformed-input");
  EXPECT_EQ(got["comma.cl"], "correct-drf");
  Cmd check = run_racecert({"check", d / "ds/zero.cu"});
  EXPECT_EQ(check.code, 2) << check.out << check.err;
  std::string diagnostic = d / "ds/zero.cu:2:3: error: invalid dimension (expected N, [X,Y,Z] or X,Y,Z, each from 1 "
                                "to 2^31-1 or *) in '--blockDim=0'";
  EXPECT_EQ(check.err, diagnostic + "\n");
  EXPECT_NE(run.err.find(diagnostic + " (recorded as malformed input)"), std::string::npos) << run.err;
  EXPECT_EQ(run_racecert({"check", d / "ds/comma.cl"}).code, 0);
}

TEST(HarnessCli, AHugeKernelFileIsReadNoFurtherThanItsHeader) {
  // 1 GiB, sparse (no disk space): the run records it as a row and the
  // harness's memory stays far below the file's size.
  TempDir d;
  write_file(d / "ds/huge.cu", kernel_text(false));
  std::filesystem::resize_file(d / "ds/huge.cu", std::uintmax_t{1} << 30);
  write_file(d / "ds/small.cu", kernel_text(true));
  ProcessSpec spec;
  spec.argv = {RACECERT_BINARY, "harness", "run", d / "ds", "--out", d / "out", "--tool", "ok=sh -c 'exit 0' {file}"};
  spec.launcher = RACECERT_MEASURE_BINARY;
  spec.timeout_s = 60;
  ProcessResult r = run_process(spec);
  ASSERT_TRUE(r.exited_normally()) << r.describe() << r.err;
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_GT(r.peak_rss_kb, 0);
  EXPECT_LT(r.peak_rss_kb, 256 * 1024) << "kB";
  auto rows = rows_of(d / "out/results.csv");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].kernel, "huge.cu");
  EXPECT_EQ(rows[0].outcome, Outcome::CorrectDrf);
  EXPECT_EQ(rows[1].outcome, Outcome::MissedRace);
}

TEST(HarnessCli, InterruptStopsTheToolsAndWritesNothing) {
  // A tool that would run for a minute, with a grandchild of its own; each
  // writes its pid. SIGINT (Ctrl-C) or SIGTERM on racecert must end them.
  for (int sig : {SIGINT, SIGTERM}) {
    TempDir d;
    write_file(d / "ds/a.cu", kernel_text(false));
    write_file(d / "ds/b.cu", kernel_text(false));
    write_file(d / "bin/slow",
               "#!/bin/sh\nsleep 60 &\necho $! > \"" + d / "grandchild" + "\"\necho $$ > \"" + d / "child" +
                   "\"\nexec sleep 60\n",
               true);
    Background racecert({RACECERT_BINARY, "harness", "run", d / "ds", "--out", d / "out", "--tool",
                         "slow=" + d / "bin/slow" + " {file}", "--timeout", "120"},
                        "", {}, d / "racecert.log");
    ASSERT_GT(racecert.pid(), 0);
    ASSERT_TRUE(wait_for_file(d / "child", 20)) << read_text(d / "racecert.log");
    ASSERT_TRUE(wait_for_file(d / "grandchild", 20));
    int child = std::stoi(read_text(d / "child")), grandchild = std::stoi(read_text(d / "grandchild"));
    ::kill(racecert.pid(), sig);
    int status = racecert.wait(20);
    bool child_gone = wait_gone(child, 5), grandchild_gone = wait_gone(grandchild, 5);
    if (!child_gone) ::kill(child, SIGKILL);  // leave nothing behind, even when failing
    if (!grandchild_gone) ::kill(grandchild, SIGKILL);
    ASSERT_NE(status, -1) << "racecert did not exit";
    EXPECT_TRUE(WIFEXITED(status)) << status;
    EXPECT_EQ(WEXITSTATUS(status), 128 + sig);
    EXPECT_TRUE(child_gone);
    EXPECT_TRUE(grandchild_gone);
    EXPECT_FALSE(file_exists(d / "out/results.csv"));
    EXPECT_NE(read_text(d / "racecert.log").find("interrupted by signal " + std::to_string(sig) + "; nothing written"),
              std::string::npos) << read_text(d / "racecert.log");
  }
}

TEST(HarnessCli, Help) {
  for (const char* sub : {"run", "merge", "synth"}) {
    Cmd c = run_racecert({"harness", sub, "--help"});
    EXPECT_EQ(c.code, 0) << sub;
    EXPECT_NE(c.out.find("racecert harness"), std::string::npos) << c.out;
  }
  Cmd c = run_racecert({"harness", "--help"});
  EXPECT_EQ(c.code, 0);
  EXPECT_NE(c.out.find("synth"), std::string::npos);
}
