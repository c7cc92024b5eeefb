// The process runner: exit codes, signals, timeouts that kill the whole
// process group, output capture, stdin, peak memory, wall time.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "harness/process.hpp"
#include "tests/harness/test_util.hpp"

using namespace racecert::harness;
using namespace racecert::harness::testkit;

namespace {

ProcessResult sh(const std::string& script, double timeout = 30) {
  ProcessSpec s;
  s.argv = {"sh", "-c", script};
  s.timeout_s = timeout;
  return run_process(s);
}

// Whether a process is gone (or a zombie nobody has reaped yet).
bool gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  auto close = line.rfind(')');
  return close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z';
}

}  // namespace

TEST(HarnessProcess, ExitCodeAndOutput) {
  auto r = sh("echo out; echo err >&2; exit 3");
  EXPECT_TRUE(r.started);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.describe(), "exit 3");
  EXPECT_EQ(r.peak_rss_kb, -1);  // no launcher
}

TEST(HarnessProcess, Signal) {
  auto r = sh("kill -SEGV $$");
  EXPECT_EQ(r.signal, SIGSEGV);
  EXPECT_FALSE(r.exited_normally());
  EXPECT_NE(r.describe().find("signal 11"), std::string::npos);
}

TEST(HarnessProcess, NotFound) {
  ProcessSpec s;
  s.argv = {"racecert-no-such-program-xyz"};
  auto r = run_process(s);
  EXPECT_FALSE(r.started);
  EXPECT_NE(r.start_error.find("not found"), std::string::npos);
  EXPECT_EQ(find_program("racecert-no-such-program-xyz"), "");
  EXPECT_NE(find_program("sh"), "");
}

TEST(HarnessProcess, TimeoutKillsTheWholeGroup) {
  TempDir d;
  std::string pidfile = d / "pid";
  auto start = std::chrono::steady_clock::now();
  // The grandchild would keep the output pipe open for 30 s if it survived.
  auto r = sh("sleep 30 & echo $! > '" + pidfile + "'; wait", 0.5);
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.signal, SIGKILL);
  EXPECT_LT(took, 5.0);
  EXPECT_GE(r.wall_s, 0.45);
  pid_t grandchild = std::stoi(read_text(pidfile));
  bool dead = false;
  for (int i = 0; i < 100 && !dead; ++i) {
    dead = gone(grandchild);
    if (!dead) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(dead) << "grandchild " << grandchild << " survived the timeout";
}

TEST(HarnessProcess, LeftoverBackgroundProcessDoesNotHangTheRunner) {
  auto start = std::chrono::steady_clock::now();
  auto r = sh("sleep 30 & echo done");
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "done\n");
  EXPECT_LT(took, 5.0);
}

TEST(HarnessProcess, StdinIsFed) {
  ProcessSpec s;
  s.argv = {"cat"};
  s.stdin_data = std::string(200000, 'x') + "\n";  // larger than a pipe buffer
  s.feed_stdin = true;
  auto r = run_process(s);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.size(), 200001u);
}

TEST(HarnessProcess, StdinIsEmptyByDefault) {
  auto r = sh("cat; echo end");
  EXPECT_EQ(r.out, "end\n");
}

TEST(HarnessProcess, EnvironmentAndWorkingDirectory) {
  TempDir d;
  ProcessSpec s;
  s.argv = {"sh", "-c", "echo \"$HARNESS_TEST_VAR\"; pwd"};
  s.env = {{"HARNESS_TEST_VAR", "hello"}};
  s.cwd = d.path();
  auto r = run_process(s);
  EXPECT_EQ(r.out, "hello\n" + d.path() + "\n");
}

TEST(HarnessProcess, OutputLimit) {
  ProcessSpec s;
  s.argv = {"sh", "-c", "head -c 100000 /dev/zero"};
  s.output_limit = 1000;
  auto r = run_process(s);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.size(), 1000u);
  EXPECT_TRUE(r.truncated);
}

TEST(HarnessProcess, PeakMemoryIsTheToolsThroughTheLauncher) {
  ProcessSpec small, big;
  small.argv = {HARNESS_ALLOC_HELPER, "1", "0", "0"};
  big.argv = {HARNESS_ALLOC_HELPER, "64", "200", "5"};
  small.launcher = big.launcher = RACECERT_MEASURE_BINARY;
  auto a = run_process(small), b = run_process(big);
  EXPECT_EQ(a.exit_code, 0);
  EXPECT_EQ(b.exit_code, 5);
  // Not the test process's own resident set (tens of MB) as a floor.
  EXPECT_LT(a.peak_rss_kb, 16 * 1024) << a.peak_rss_kb;
  EXPECT_GT(b.peak_rss_kb, 64 * 1024) << b.peak_rss_kb;
  EXPECT_LT(b.peak_rss_kb, 90 * 1024) << b.peak_rss_kb;
  EXPECT_GE(b.wall_s, 0.19);
  EXPECT_LT(a.wall_s, 2.0);
  // Without the launcher memory is not measured rather than wrong.
  small.launcher.clear();
  EXPECT_EQ(run_process(small).peak_rss_kb, -1);
}

TEST(HarnessProcess, PeakMemoryIncludesDescendants) {
  // A wrapper script (as GPUVerify is) that runs the real work in a child.
  ProcessSpec s;
  s.argv = {"sh", "-c", std::string("'") + HARNESS_ALLOC_HELPER + "' 48 0 0; exit 0"};
  s.launcher = RACECERT_MEASURE_BINARY;
  auto r = run_process(s);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_GT(r.peak_rss_kb, 48 * 1024);
}

TEST(HarnessProcess, LauncherPassesStatusStdinAndTimeoutThrough) {
  ProcessSpec s;
  s.launcher = RACECERT_MEASURE_BINARY;
  s.argv = {"sh", "-c", "kill -SEGV $$"};
  EXPECT_EQ(run_process(s).signal, SIGSEGV);
  s.argv = {"sh", "-c", "cat; exit 7"};
  s.stdin_data = "in\n";
  s.feed_stdin = true;
  auto r = run_process(s);
  EXPECT_EQ(r.exit_code, 7);
  EXPECT_EQ(r.out, "in\n");
  s.feed_stdin = false;
  s.argv = {"sleep", "30"};
  s.timeout_s = 0.3;
  auto start = std::chrono::steady_clock::now();
  auto t = run_process(s);
  EXPECT_TRUE(t.timed_out);
  EXPECT_EQ(t.peak_rss_kb, -1);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0);
  Cmd usage = run({RACECERT_MEASURE_BINARY});
  EXPECT_EQ(usage.code, 3);
}
