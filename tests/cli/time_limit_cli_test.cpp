// Every `racecert check` run ends: solver timeouts give `unknown` (exit 4)
// with the reason, --time-limit ends the whole run, and -j is capped so that
// a huge value costs no memory. `--timeout-ms 100` on the bundled example
// hung in Z3 4.8.12's timer before racecert enforced limits itself.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <chrono>
#include <fstream>

#include "tests/cli/run_racecert.hpp"

extern char** environ;

using racecert::testkit::run_racecert;
using racecert::testkit::temp_file;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The same hard query as tests/smt/time_limit_test.cpp: 2 a^3 = b^3 has no
// solution, which Z3 cannot show.
const char* kHard = R"(kernel hard {
  shared A;
  assume blockDim.y == 1 && blockDim.z == 1;
  if (threadIdx.x % 2 == 0) {
    wr A[(threadIdx.x + 2) * (threadIdx.x + 2) * (threadIdx.x + 2) * 2];
  } else {
    rd A[(threadIdx.x + 2) * (threadIdx.x + 2) * (threadIdx.x + 2)];
  }
}
)";

struct Measured {
  int code = -1;
  long max_rss_kb = 0;
};

// Runs racecert directly (no shell), for its exit status and peak memory.
Measured run_measured(const std::vector<std::string>& args) {
  std::vector<std::string> all = {RACECERT_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  Measured m;
  if (posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ) != 0) return m;
  posix_spawn_file_actions_destroy(&fa);
  int status = 0;
  rusage ru{};
  wait4(pid, &status, 0, &ru);
  m.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  m.max_rss_kb = ru.ru_maxrss;
  return m;
}

}  // namespace

TEST(TimeLimitCli, TimeoutOnTheBundledExampleEndsUnknown) {
  for (const char* ms : {"20", "100", "300"}) {
    auto start = Clock::now();
    auto r = run_racecert({"check", "--timeout-ms", ms, RACECERT_SOURCE_DIR "/datasets/examples/main-example.cu"});
    EXPECT_LT(seconds_since(start), 20.0) << ms;
    // Unknown, or racy when the race is found in time; never a hang or DRF.
    EXPECT_TRUE(r.code == 4 || r.code == 1) << ms << " ms: " << r.code << r.out << r.err;
    if (r.code == 4) { EXPECT_NE(r.out.find("timeout after"), std::string::npos) << r.out; }
  }
}

TEST(TimeLimitCli, QueryTimeoutIsUnknownWithTheReason) {
  std::string f = temp_file(kHard, ".map");
  auto r = run_racecert({"check", "--timeout-ms", "100", f});
  EXPECT_EQ(r.code, 4) << r.out << r.err;
  EXPECT_NE(r.out.find("solver returned unknown (timeout after 100 ms)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("kernel 'hard': unknown"), std::string::npos) << r.out;
}

TEST(TimeLimitCli, KernelTimeoutEndsTheKernel) {
  std::string f = temp_file(kHard, ".map");
  auto start = Clock::now();
  auto r = run_racecert({"check", "--timeout-ms", "600000", "--kernel-timeout-ms", "200", f});
  EXPECT_LT(seconds_since(start), 10.0);
  EXPECT_EQ(r.code, 4) << r.out << r.err;
  EXPECT_NE(r.out.find("the kernel's time limit was reached"), std::string::npos) << r.out;
}

TEST(TimeLimitCli, TimeLimitEndsTheRun) {
  std::string f = temp_file(kHard, ".map");
  auto start = Clock::now();
  auto r = run_racecert({"check", "--timeout-ms", "600000", "--kernel-timeout-ms", "0", "--time-limit", "0.3", f});
  EXPECT_LT(seconds_since(start), 10.0);
  EXPECT_EQ(r.code, 4) << r.out << r.err;
  EXPECT_EQ(r.err, "racecert check: error: time limit of 0.3 s reached; no verdict\n");
  EXPECT_EQ(run_racecert({"check", "--time-limit", "-1", f}).code, 3);
}

TEST(TimeLimitCli, HugeJobCountIsCappedAtTheCores) {
  // 300 phases, each a query: one thread (and Z3 context) per query took
  // 2 GB. Capped, -j 100000 costs what the default (one per core) costs;
  // they are compared with each other, so that a sanitizer build's larger
  // footprint does not matter.
  std::string text = "kernel many { shared A; assume blockDim.y == 1 && blockDim.z == 1;\n";
  for (int i = 0; i < 300; ++i) text += "  wr A[threadIdx.x]; sync;\n";
  std::string f = temp_file(text + "}\n", ".map");
  Measured cores = run_measured({"check", f});
  Measured huge = run_measured({"check", "-j", "100000", f});
  EXPECT_EQ(cores.code, 0);
  EXPECT_EQ(huge.code, 0);
  EXPECT_LT(huge.max_rss_kb, cores.max_rss_kb * 3 / 2 + 64 * 1024)
      << "peak memory in KiB; the default -j: " << cores.max_rss_kb;
}

TEST(TimeLimitCli, ResourceLimitGivesTheSameUnknownEveryTime) {
  std::string f = temp_file(kHard, ".map");
  for (int i = 0; i < 3; ++i) {
    auto r = run_racecert({"check", "--rlimit", "2000", "--timeout-ms", "600000", f});
    EXPECT_EQ(r.code, 4) << r.out << r.err;
    EXPECT_NE(r.out.find("solver returned unknown (max. resource limit exceeded)"), std::string::npos) << r.out;
  }
  // A generous limit does not change a verdict.
  const char* drf = "kernel k { shared A; assume blockDim.y == 1 && blockDim.z == 1; wr A[threadIdx.x]; }\n";
  EXPECT_EQ(run_racecert({"check", "--rlimit", "10000000", temp_file(drf, ".map")}).code, 0);
}
