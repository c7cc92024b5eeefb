// Every solver query ends by its time limit, whatever Z3 does: the
// watchdog (support/deadline.hpp) interrupts the query's context. Z3
// 4.8.12's own timeout parameter deadlocked `racecert check --timeout-ms
// 100` on every try, so these tests force hundreds of timeouts, from one
// thread and from eight at once.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "protocol/parser.hpp"
#include "smt/checker.hpp"
#include "support/deadline.hpp"

using namespace racecert;

namespace {

// No thread pair can meet: 2 * a^3 = b^3 has no solution in integers >= 2
// (the cube root of 2 is irrational), which nonlinear integer arithmetic
// cannot show, so Z3 searches until it is stopped.
std::string hard_array(const std::string& name) {
  return "shared " + name + "; if (threadIdx.x % 2 == 0) { wr " + name +
         "[(threadIdx.x + 2) * (threadIdx.x + 2) * (threadIdx.x + 2) * 2]; } else { rd " + name +
         "[(threadIdx.x + 2) * (threadIdx.x + 2) * (threadIdx.x + 2)]; } sync; ";
}

std::vector<protocol::Kernel> hard_kernel(int arrays) {
  std::string text = "kernel hard { assume blockDim.y == 1 && blockDim.z == 1; ";
  for (int i = 0; i < arrays; ++i) text += hard_array("A" + std::to_string(i));
  return protocol::parse_protocol(text + "}", "hard.map").kernels;
}

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Slack over a limit: the watchdog re-interrupts every 20 ms, and Z3 polls
// its cancel flag often; a loaded machine (or a sanitizer build) is slower.
constexpr double kMargin = 0.4;

// One query forced to time out after `ms`: unknown, with the reason, on time.
void expect_query_times_out(const std::vector<protocol::Kernel>& kernels, unsigned ms) {
  smt::CheckOptions o;
  o.jobs = 1;
  o.query.timeout_ms = ms;
  auto start = Clock::now();
  KernelReport r = smt::check(kernels, o).at(0);
  double took = seconds_since(start);
  EXPECT_EQ(r.status, KernelStatus::Unknown) << ms << " ms";
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_NE(r.diagnostics.back().message.find("timeout after " + std::to_string(ms) + " ms"), std::string::npos)
      << r.diagnostics.back().message;
  EXPECT_LT(took, ms / 1000.0 + kMargin) << ms << " ms limit";
}

unsigned limit_of(int i) { return 20 + static_cast<unsigned>((i * 37) % 281); }  // 20 .. 300 ms

}  // namespace

TEST(TimeLimit, HundredQueriesInOneThreadEachEndsOnTime) {
  auto kernels = hard_kernel(1);
  for (int i = 0; i < 100; ++i) expect_query_times_out(kernels, limit_of(i));
}

TEST(TimeLimit, TwoHundredQueriesInEightThreadsEachEndsOnTime) {
  auto kernels = hard_kernel(1);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 25; ++i) expect_query_times_out(kernels, limit_of(t * 25 + i));
    });
  for (auto& th : threads) th.join();
}

TEST(TimeLimit, KernelDeadlineEndsEveryQueryUnderOneAndEightJobs) {
  auto kernels = hard_kernel(12);  // 12 arrays, each a query of its own
  for (int jobs : {1, 8}) {
    smt::CheckOptions o;
    o.jobs = jobs;
    o.query.timeout_ms = 60000;   // the per-query limit would never come
    o.kernel_timeout_ms = 300;
    auto start = Clock::now();
    KernelReport r = smt::check(kernels, o).at(0);
    EXPECT_LT(seconds_since(start), 0.3 + kMargin) << "-j " << jobs;
    EXPECT_EQ(r.status, KernelStatus::Unknown);
    std::string all;
    for (const auto& d : r.diagnostics) all += d.message + "\n";
    EXPECT_NE(all.find("the kernel's time limit was reached"), std::string::npos) << all;
  }
}

// The checker hands one Z3 context on from query to query of a group
// (smt::QueryContext); a query cut off by the watchdog must not spoil the
// next. A hard array times out in the group's context, then two easy arrays
// of the same group are asked: B's race must be found, under one job and
// under eight. (Z3 4.8.12 forgets an interrupt between checks, so this
// passes even if the spoiled context were handed on; the spoiled mark
// itself is tested in fast_path_test.cpp, SharedQueryContext.)
TEST(TimeLimit, AQueryAfterATimedOutOneInTheSameGroupIsDecided) {
  auto kernels = protocol::parse_protocol("kernel k { assume blockDim.y == 1 && blockDim.z == 1; " + hard_array("A") +
                                              "shared B; wr B[threadIdx.x + 1]; rd B[threadIdx.x]; sync; "
                                              "shared C; wr C[threadIdx.x]; }",
                                          "k.map")
                     .kernels;
  for (int jobs : {1, 8}) {
    smt::CheckOptions o;
    o.jobs = jobs;
    // A's query never ends; B's needs milliseconds, but with 100 ms it timed
    // out once in CI, its eight jobs sharing two cores with the eight of
    // TwoHundredQueriesInEightThreadsEachEndsOnTime.
    o.query.timeout_ms = 1000;
    // A resource limit that never runs out: the plain core (in the shared
    // context) has the whole query's time, so the watchdog interrupts it
    // there, not in a context of its own.
    o.query.rlimit = 4000000000u;
    KernelReport r = smt::check(kernels, o).at(0);
    EXPECT_EQ(r.status, KernelStatus::Racy) << "-j " << jobs;
    ASSERT_EQ(r.races.size(), 1u) << "-j " << jobs;
    EXPECT_EQ(r.races[0].array, "B");
    std::string all;
    for (const auto& d : r.diagnostics) all += d.message + "\n";
    EXPECT_NE(all.find("array 'A'"), std::string::npos) << all;
    EXPECT_EQ(all.find("array 'C'"), std::string::npos) << all;
  }
}

TEST(TimeLimit, ADecidedQueryIsUnaffected) {
  auto kernels = protocol::parse_protocol(
                     "kernel k { shared A; assume blockDim.y == 1 && blockDim.z == 1; wr A[threadIdx.x]; }", "k.map")
                     .kernels;
  smt::CheckOptions o;
  // The limit is set but far from reached: 50 ms was too close under the
  // sanitizer build on a loaded 2-core machine (a 0.3 s check timed out).
  o.query.timeout_ms = 2000;
  for (int i = 0; i < 20; ++i) EXPECT_EQ(smt::check(kernels, o).at(0).status, KernelStatus::Drf);
}

TEST(Watchdog, FiresAtTheDeadlineAndRepeatsUntilTheGuardEnds) {
  std::atomic<int> calls{0};
  auto start = Clock::now();
  {
    Watchdog::Guard g(Deadline::after(std::chrono::milliseconds(30)), [&] { ++calls; });
    while (calls.load() < 3 && seconds_since(start) < 5) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_TRUE(g.fired());
  }
  int after = calls.load();
  EXPECT_GE(after, 3);
  EXPECT_GE(seconds_since(start), 0.03 + 2 * 0.02 - 0.005);  // first at 30 ms, then every 20 ms
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  EXPECT_EQ(calls.load(), after) << "an action ran after its guard ended";
}

TEST(Watchdog, NeverAndUnexpiredGuardsDoNotFire) {
  std::atomic<int> calls{0};
  {
    Watchdog::Guard never(Deadline::never(), [&] { ++calls; });
    Watchdog::Guard later(Deadline::after(std::chrono::hours(1)), [&] { ++calls; });
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    EXPECT_FALSE(never.fired());
    EXPECT_FALSE(later.fired());
  }
  EXPECT_EQ(calls.load(), 0);
}

TEST(Watchdog, WorksInAForkedChild) {
  // Make sure the parent's watchdog thread exists before the fork: the
  // child has none and must start its own.
  { Watchdog::Guard warm(Deadline::after(std::chrono::milliseconds(1)), [] {}); }
  // Let the parent's watchdog thread go idle first. GCC 12's AddressSanitizer
  // does not lock its allocator's regions across fork(): a free in that
  // thread at the moment of the fork left a region lock held in the child,
  // whose first allocation then waited forever (3 of 57 sanitized runs of
  // this test under load; the child's stack in ASan's
  // SizeClassAllocator64::GetFromAllocator). glibc's malloc is fork-safe.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    auto kernels = hard_kernel(1);
    smt::CheckOptions o;
    o.jobs = 1;
    o.query.timeout_ms = 100;
    KernelReport r = smt::check(kernels, o).at(0);
    _exit(r.status == KernelStatus::Unknown ? 0 : 1);
  }
  int status = 0;
  // The child ends by itself; if its query ran unbounded, this wait would
  // hang, so give up after 20 s and kill it.
  for (int i = 0; i < 2000 && waitpid(pid, &status, WNOHANG) == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (waitpid(pid, &status, WNOHANG) == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    FAIL() << "the forked child's query did not end";
  }
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(RunUntil, ReturnsTheTaskOrGivesUpOnTime) {
  int value = 0;
  EXPECT_TRUE(run_until(Deadline::after(std::chrono::seconds(10)), [&] { value = 42; }));
  EXPECT_EQ(value, 42);

  // A task that overstays is left to finish alone; the caller goes on.
  auto flag = std::make_shared<std::atomic<bool>>(false);
  auto start = Clock::now();
  EXPECT_FALSE(run_until(Deadline::after(std::chrono::milliseconds(30)), [flag] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    *flag = true;
  }));
  EXPECT_LT(seconds_since(start), 0.25);
  EXPECT_FALSE(flag->load());
  // The pool still serves while the abandoned task runs, and the task ends.
  EXPECT_TRUE(run_until(Deadline::after(std::chrono::seconds(10)), [&] { value = 7; }));
  EXPECT_EQ(value, 7);
  for (int i = 0; i < 100 && !flag->load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(flag->load());
}

TEST(RunUntil, RethrowsTheTasksException) {
  EXPECT_THROW(run_until(Deadline::never(), [] { throw std::runtime_error("boom"); }), std::runtime_error);
}
