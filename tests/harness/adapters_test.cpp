// Tool adapters: racecert's JSON and exit codes, GPUVerify's and Faial's
// conventions (with fake tools on PATH), the generic command adapter.
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <thread>

#include "harness/classify.hpp"
#include "harness/progress_bar.hpp"
#include "harness/runner.hpp"
#include "harness/tool.hpp"
#include "support/diagnostic.hpp"
#include "tests/harness/test_util.hpp"

using namespace racecert;
using namespace racecert::harness;
using namespace racecert::harness::testkit;

namespace {

// Puts a directory of fake tools first on PATH for the test's lifetime.
class FakePath {
 public:
  explicit FakePath(const std::string& dir) : old_(std::getenv("PATH") ? std::getenv("PATH") : "") {
    ::setenv("PATH", (dir + ":" + old_).c_str(), 1);
  }
  ~FakePath() { ::setenv("PATH", old_.c_str(), 1); }

 private:
  std::string old_;
};

KernelCase make_case(const TempDir& d, const std::string& name, const std::string& text) {
  write_file(d / name, text);
  KernelCase k;
  k.path = d / name;
  k.root = d.path();
  k.dataset = "ds";
  k.name = name;
  k.header = parse_gpuverify_header(text, k.path);
  return k;
}

}  // namespace

TEST(HarnessRacecertAdapter, InterpretsJsonAndExitCodes) {
  std::string detail;
  std::string racy = R"({"kernels":[{"name":"k","file":"k.map","status":"drf","races":[],"diagnostics":[]},
    {"name":"q","file":"k.map","status":"racy","races":[{"array":"A","index":[1],
    "accesses":[{"mode":"wr","file":"k.map","line":7,"column":3}]}],"diagnostics":[]}]})";
  EXPECT_EQ(interpret_racecert(1, racy, "", detail), Verdict::Racy);
  EXPECT_EQ(detail, "data race on A at k.map:7");
  std::string div = R"({"kernels":[{"name":"k","status":"divergent","races":[],
    "diagnostics":[{"file":"k.cu","line":4,"message":"barrier under thread-dependent control"}]}]})";
  EXPECT_EQ(interpret_racecert(1, div, "", detail), Verdict::Divergent);
  EXPECT_EQ(detail, "k.cu:4: barrier under thread-dependent control");
  std::string unknown = R"({"kernels":[{"name":"k","status":"unknown","races":[],
    "diagnostics":[{"file":"k.cu","line":2,"message":"solver timeout"}]}]})";
  EXPECT_EQ(interpret_racecert(4, unknown, "", detail), Verdict::Unknown);
  EXPECT_EQ(detail, "k.cu:2: solver timeout");
  std::string assertion = R"({"kernels":[{"name":"k","status":"bounded","races":[],"diagnostics":[]},
    {"name":"q","status":"assertion","races":[],"diagnostics":[{"file":"k.cu","line":5,"message":"assert"}]}]})";
  EXPECT_EQ(interpret_racecert(1, assertion, "", detail), Verdict::Assertion);
  EXPECT_EQ(detail, "k.cu:5: assert");
  std::string bounded = R"({"kernels":[{"name":"k","status":"bounded","races":[],"diagnostics":[]}]})";
  EXPECT_EQ(interpret_racecert(4, bounded, "", detail), Verdict::Bounded);
  std::string future = R"({"kernels":[{"name":"k","status":"a-status-of-tomorrow","races":[],"diagnostics":[]}]})";
  EXPECT_EQ(interpret_racecert(4, future, "", detail), Verdict::Unknown);
  std::string error = R"({"kernels":[],"errors":[{"file":"k.cu","line":0,"message":"unsupported file type"}]})";
  EXPECT_EQ(interpret_racecert(2, error, "", detail), Verdict::Unsupported);
  EXPECT_EQ(detail, "k.cu: unsupported file type");
  EXPECT_EQ(interpret_racecert(0, "", "", detail), Verdict::Drf);
  EXPECT_EQ(interpret_racecert(1, "not json", "", detail), Verdict::Racy);
  EXPECT_EQ(interpret_racecert(3, "", "racecert check: error: bad flag\n", detail), Verdict::Error);
  EXPECT_EQ(detail, "exit 3: racecert check: error: bad flag");
  EXPECT_EQ(interpret_racecert(139, "", "", detail), Verdict::Error);
}

TEST(HarnessRacecertAdapter, RunsTheRealRacecertOnProtocols) {
  TempDir d;
  auto tool = make_tool("racecert", ToolSettings{RACECERT_BINARY, nullptr});
  auto drf = make_case(d, "drf.map", "//pass\n//--blockDim=32 --gridDim=1\nkernel k {\n  shared A;\n  wr A[tid];\n}\n");
  auto racy = make_case(d, "racy.map", "//xfail:NOT_ALL_VERIFIED\nkernel k {\n  shared A;\n  wr A[tid];\n"
                                       "  rd A[tid + 1];\n}\n");
  auto a = tool->run(drf, 30);
  EXPECT_EQ(a.verdict, Verdict::Drf) << a.detail;
  EXPECT_GT(a.peak_rss_kb, 0);
  EXPECT_GT(a.wall_s, 0);
  auto b = tool->run(racy, 30);
  EXPECT_EQ(b.verdict, Verdict::Racy);
  EXPECT_NE(b.detail.find("data race on A"), std::string::npos) << b.detail;
  // Dimensions from the header reach racecert.
  auto args = racecert_check_args(drf, 30);
  EXPECT_EQ(args, (std::vector<std::string>{drf.path, "--format", "json", "--block-dim", "[32,1,1]", "--grid-dim",
                                            "[1,1,1]"}));
  EXPECT_TRUE(tool->reads(drf));
}

TEST(HarnessRacecertAdapter, DimensionsAsGpuVerifyMeansThem) {
  TempDir d;
  auto comma = make_case(d, "c.cl", "//pass\n//--local_size=1,10 --num_groups=1,10\n");
  EXPECT_EQ(racecert_check_args(comma, 30), (std::vector<std::string>{comma.path, "--format", "json", "--block-dim",
                                                                        "[1,10,1]", "--grid-dim", "[1,10,1]"}));
  // `*`: no value, so racecert leaves that dimension symbolic.
  auto star = make_case(d, "s.cl", "//pass\n//--local_size=64 --num_groups=*\n");
  EXPECT_EQ(racecert_check_args(star, 30),
            (std::vector<std::string>{star.path, "--format", "json", "--block-dim", "[64,1,1]"}));
}

TEST(HarnessRacecertAdapter, InProcessGoesThroughTheCallback) {
  TempDir d;
  ToolSettings s;
  // The callback runs in a forked copy of the test: what it sees is written
  // to a file for the test to read.
  s.in_process = [&](const std::vector<std::string>& args, std::string& out) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    write_file(d / "seen", joined);
    out = R"({"kernels":[{"name":"k","status":"racy","races":[],"diagnostics":[]}]})";
    return 1;
  };
  auto tool = make_tool("racecert-inprocess", s);
  EXPECT_FALSE(tool->parallel_safe());
  auto k = make_case(d, "k.cu", kernel_text(true));
  auto a = tool->run(k, 2);
  EXPECT_EQ(a.verdict, Verdict::Racy);
  EXPECT_EQ(a.exit_status, "1");
  EXPECT_EQ(a.peak_rss_kb, -1);
  EXPECT_EQ(read_text(d / "seen"), k.path + " --format json --block-dim [64,1,1] --grid-dim [1,1,1] ");
  EXPECT_THROW(make_tool("racecert-inprocess", ToolSettings{}), racecert::Error);
}

TEST(HarnessRacecertAdapter, InProcessCrashIsACrashRowAndTheHarnessLives) {
  TempDir d;
  ToolSettings s;
  s.in_process = [](const std::vector<std::string>&, std::string&) -> int {
    std::fputs("about to crash\n", stderr);
    ::raise(SIGSEGV);
    return 0;
  };
  auto tool = make_tool("racecert-inprocess", s);
  auto a = tool->run(make_case(d, "k.cu", kernel_text(false)), 30);
  EXPECT_EQ(a.verdict, Verdict::Error);
#if defined(__SANITIZE_ADDRESS__)
  EXPECT_EQ(a.exit_status, "signal 6");  // ASan reports the SEGV, then aborts (abort_on_error)
#else
  EXPECT_EQ(a.exit_status, "signal 11");
#endif
  EXPECT_NE(a.detail.find("about to crash"), std::string::npos) << a.detail;
  EXPECT_EQ(classify(Expected::Drf, a.verdict), Outcome::Crash);
  // An exception that escapes the check is a crash too, not the harness's end.
  s.in_process = [](const std::vector<std::string>&, std::string&) -> int { throw std::runtime_error("boom"); };
  auto thrower = make_tool("racecert-inprocess", s);
  auto b = thrower->run(make_case(d, "k.cu", kernel_text(false)), 30);
  EXPECT_EQ(b.verdict, Verdict::Error);
  EXPECT_NE(b.detail.find("boom"), std::string::npos) << b.detail;
}

TEST(HarnessRacecertAdapter, InProcessTimeoutIsAWallClockKill) {
  TempDir d;
  ToolSettings s;
  s.in_process = [](const std::vector<std::string>&, std::string&) -> int {
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));  // a check that never ends
  };
  auto tool = make_tool("racecert-inprocess", s);
  auto start = std::chrono::steady_clock::now();
  auto a = tool->run(make_case(d, "k.cu", kernel_text(false)), 0.5);
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(a.verdict, Verdict::Timeout);
  EXPECT_EQ(a.exit_status, "timeout");
  EXPECT_LT(took, 5.0);
}

TEST(HarnessGpuVerifyAdapter, ArgumentsAndExitCodes) {
  TempDir d;
  // A fake gpuverify: records its arguments, answers with the exit code
  // written in the kernel ("//exit N" on line 3).
  write_file(d / "bin/gpuverify",
             "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/args\"\n"
             "for last; do :; done\ncode=$(sed -n 's|^//exit ||p' \"$last\")\n"
             "echo \"$last: error: possible write-write race on A[0]\"\nexit ${code:-0}\n",
             true);
  FakePath path(d / "bin");
  auto tool = make_tool("gpuverify", ToolSettings{});
  EXPECT_EQ(tool->name(), "gpuverify");
  auto verdict_for = [&](int code) {
    auto k = make_case(d, "k" + std::to_string(code) + ".cu",
                       "//xfail:NOT_ALL_VERIFIED\n//--blockDim=64 --gridDim=[2,2] -DN=3 --no-inline\n//exit " +
                           std::to_string(code) + "\n");
    return tool->run(k, 10);
  };
  EXPECT_EQ(verdict_for(0).verdict, Verdict::Drf);
  auto racy = verdict_for(6);
  EXPECT_EQ(racy.verdict, Verdict::Racy);
  EXPECT_NE(racy.detail.find("possible write-write race"), std::string::npos);
  EXPECT_EQ(read_text(d / "bin/args"), "--blockDim=64 --gridDim=[2,2] -DN=3 --no-inline " + d / "k6.cu" + "\n");
  EXPECT_EQ(verdict_for(7).verdict, Verdict::Timeout);
  for (int c : {1, 2, 3, 4, 5}) EXPECT_EQ(verdict_for(c).verdict, Verdict::Unsupported) << c;
  for (int c : {8, 9, 11, 12, 42}) EXPECT_EQ(verdict_for(c).verdict, Verdict::Error) << c;
  auto map = make_case(d, "p.map", "//pass\nkernel p { shared A; }\n");
  EXPECT_FALSE(tool->reads(map));
}

TEST(HarnessGpuVerifyAdapter, NotInstalledIsAUsageError) {
  TempDir d;
  write_file(d / "bin/.keep", "");
  const char* old = std::getenv("PATH");
  std::string saved = old ? old : "";
  ::setenv("PATH", (d / "bin").c_str(), 1);
  try {
    make_tool("gpuverify", ToolSettings{});
    ADD_FAILURE() << "no error";
  } catch (const racecert::Error& e) {
    EXPECT_EQ(e.code(), racecert::kExitUsage);
    EXPECT_NE(std::string(e.what()).find("not installed"), std::string::npos);
  }
  EXPECT_THROW(make_tool("faial", ToolSettings{}), racecert::Error);
  ::setenv("PATH", saved.c_str(), 1);
}

TEST(HarnessFaialAdapter, JsonStatusAndDimensions) {
  TempDir d;
  // A fake faial-drf: echoes the status written on line 3 ("//status racy").
  write_file(d / "bin/faial-drf",
             "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/args\"\nfor last; do :; done\n"
             "st=$(sed -n 's|^//status ||p' \"$last\")\n"
             "if [ \"$st\" = crash ]; then echo 'parse error' >&2; exit 2; fi\n"
             "echo \"{\\\"kernels\\\": [{\\\"kernel_name\\\": \\\"k\\\", \\\"status\\\": \\\"$st\\\"}]}\"\n"
             "[ \"$st\" = drf ] && exit 0; exit 1\n",
             true);
  FakePath path(d / "bin");
  auto tool = make_tool("faial", ToolSettings{});
  auto run_with = [&](const std::string& status) {
    auto k = make_case(d, status + ".cu", "//pass\n//--blockDim=[8,8] --gridDim=2\n//status " + status + "\n");
    return tool->run(k, 10).verdict;
  };
  EXPECT_EQ(run_with("drf"), Verdict::Drf);
  EXPECT_EQ(read_text(d / "bin/args"), "--json --block-dim=[8,8,1] --grid-dim=[2,1,1] " + d / "drf.cu" + "\n");
  EXPECT_EQ(run_with("racy"), Verdict::Racy);
  EXPECT_EQ(run_with("unknown"), Verdict::Unknown);
  EXPECT_EQ(run_with("crash"), Verdict::Unsupported);
}

TEST(HarnessCommandAdapter, TemplateNamesAndExitCodes) {
  TempDir d;
  write_file(d / "tool.sh", "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/args\"\nexit $(sed -n 3p \"$1\")\n", true);
  auto tool = make_tool("mine=" + d / "tool.sh" + " {file} --bd={block} --gd={grid} {defines} --t={timeout}",
                        ToolSettings{});
  EXPECT_EQ(tool->name(), "mine");
  auto unnamed = make_tool(d / "tool.sh" + " {file}", ToolSettings{});
  EXPECT_EQ(unnamed->name(), "tool.sh");
  auto with = [&](int code) {
    auto k = make_case(d, "k.cu", "//pass\n//--blockDim=4 -DX=1\n" + std::to_string(code) + "\n");
    return tool->run(k, 7);
  };
  EXPECT_EQ(with(0).verdict, Verdict::Drf);
  EXPECT_EQ(read_text(d / "args"), d / "k.cu" + " --bd=[4,1,1] -DX=1 --t=7\n");  // no grid: the word is dropped
  EXPECT_EQ(with(1).verdict, Verdict::Racy);
  EXPECT_EQ(with(2).verdict, Verdict::Unsupported);
  EXPECT_EQ(with(4).verdict, Verdict::Unknown);
  auto crash = with(9);
  EXPECT_EQ(crash.verdict, Verdict::Error);
  EXPECT_EQ(crash.exit_status, "9");
  EXPECT_THROW(make_tool(d / "tool.sh {nope}", ToolSettings{}), racecert::Error);
  EXPECT_THROW(make_tool("/no/such/tool {file}", ToolSettings{}), racecert::Error);
  EXPECT_THROW(make_tool("x='unterminated", ToolSettings{}), racecert::Error);
}

TEST(HarnessCommandAdapter, JobSpecIsPortable) {
  TempDir d;
  write_file(d / "tool.sh", "#!/bin/sh\nexit 0\n", true);
  auto tool = make_tool(d / "tool.sh" + " --x='a b' {file}", ToolSettings{});
  EXPECT_EQ(tool->spec(), "tool.sh=" + d / "tool.sh" + " '--x=a b' '{file}'");
  auto again = make_tool(tool->spec(), ToolSettings{});  // what a job line gives back
  EXPECT_EQ(again->name(), "tool.sh");
  EXPECT_EQ(again->spec(), tool->spec());
}

TEST(HarnessProgressBar, DrawsOnlyWhenEnabled) {
  std::FILE* f = std::tmpfile();
  {
    ProgressBar bar(f, 3, true);
    for (int i = 0; i < 3; ++i) bar.step("racecert k" + std::to_string(i) + ".cu");
  }
  std::FILE* g = std::tmpfile();
  {
    ProgressBar off(g, 3, false);
    off.step("x");
  }
  auto contents = [](std::FILE* file) {
    std::string s(static_cast<std::size_t>(std::ftell(file)), '\0');
    std::rewind(file);
    std::size_t n = std::fread(s.data(), 1, s.size(), file);
    s.resize(n);
    std::fclose(file);
    return s;
  };
  std::string drawn = contents(f);
  EXPECT_NE(drawn.find("[##############################] 3/3"), std::string::npos) << drawn;
  EXPECT_NE(drawn.find("racecert k2.cu"), std::string::npos);
  EXPECT_NE(drawn.find('\r'), std::string::npos);
  EXPECT_EQ(contents(g), "");
}

TEST(HarnessRunner, TimeoutsCrashesAndUnreadableKernels) {
  TempDir d;
  std::vector<std::unique_ptr<Tool>> tools;
  tools.push_back(make_tool("sleeper=sh -c 'sleep 20' {file}", ToolSettings{}));
  tools.push_back(make_tool("crasher=sh -c 'kill -SEGV $$' {file}", ToolSettings{}));
  std::vector<KernelCase> cases = {make_case(d, "a.cu", kernel_text(false))};
  RunSettings s;
  s.timeout_s = 0.3;
  s.jobs = 2;
  s.repeat = 2;
  auto rows = run_tools(cases, tools, s);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].tool, "sleeper");
  EXPECT_EQ(rows[0].outcome, Outcome::Timeout);
  EXPECT_EQ(rows[0].exit_status, "timeout");
  EXPECT_LT(rows[0].wall_s, 3.0);
  EXPECT_EQ(rows[1].outcome, Outcome::Crash);
  EXPECT_EQ(rows[1].exit_status, "signal 11");
  EXPECT_EQ(rows[2].run, 2);
}
