// Randomized test of the replay (pipeline/replay.hpp): random small CUDA
// kernels of stores, loads and atomics under branches on threadIdx.x,
// loops over a parameter and block barriers, checked on a fixed small
// launch. Every race racecert reports is confirmed by the replay or carries
// one of the replay's reasons; a kernel that reads no data from memory for
// its indices and branches never gets a data or function reason; and most
// races of such kernels are confirmed.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>

#include "pipeline/driver.hpp"
#include "pipeline/replay.hpp"

using namespace racecert;
using namespace racecert::pipeline;

namespace {

struct Generator {
  std::mt19937 rng;
  bool data = false;  // an index or a branch reads memory
  int loops = 0;

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }

  std::string index(const std::string& loop_var) {
    std::string e = "(threadIdx.x * " + std::to_string(pick(3)) + " + " + std::to_string(pick(4));
    if (!loop_var.empty() && pick(2)) e += " + " + loop_var;
    e += ") % 8";
    if (pick(10) == 0) {
      data = true;
      e = "b[" + e + "] % 8";
    }
    return e;
  }

  void statement(std::ostringstream& os, int depth, const std::string& loop_var, bool top) {
    int kind = pick(depth > 1 ? 4 : 7);
    std::string ind(2 * (depth + 1), ' ');
    switch (kind) {
      case 0: os << ind << "a[" << index(loop_var) << "] = " << pick(3) << ";\n"; break;
      case 1: os << ind << "x += a[" << index(loop_var) << "];\n"; break;
      case 2: os << ind << "atomicAdd(&a[" << index(loop_var) << "], 1);\n"; break;
      case 3:
        if (top) os << ind << "__syncthreads();\n";
        else os << ind << "a[" << index(loop_var) << "] = 2;\n";
        break;
      case 4:
      case 5: {
        os << ind << "if (threadIdx.x % " << (2 + pick(2)) << " == " << pick(2) << ") {\n";
        block(os, depth + 1, loop_var, false);
        os << ind << "}\n";
        break;
      }
      default: {
        std::string v = "i" + std::to_string(loops++);
        os << ind << "for (int " << v << " = 0; " << v << " < n % 3; ++" << v << ") {\n";
        block(os, depth + 1, v, top);
        os << ind << "}\n";
      }
    }
  }

  void block(std::ostringstream& os, int depth, const std::string& loop_var, bool top) {
    int n = 1 + pick(3);
    for (int i = 0; i < n; ++i) statement(os, depth, loop_var, top);
  }

  std::string kernel() {
    data = false;
    loops = 0;
    std::ostringstream os;
    os << "__global__ void k(int *a, const int *b, int n) {\n  int x = 0;\n";
    block(os, 0, "", true);
    os << "  a[8 + threadIdx.x] = x;\n}\n";
    return os.str();
  }
};

std::string write_file(const std::string& text) {
  char tmpl[] = "/tmp/racecert-replay-random-XXXXXX";
  std::string dir = mkdtemp(tmpl);
  std::string path = dir + "/k.cu";
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST(ReplayRandom, EveryRaceIsConfirmedOrSaysWhy) {
  const std::set<std::string> reasons = {kReasonMemory, kReasonAtomic, kReasonUnknownFunction, kReasonLoopBound,
                                         kReasonNotReached, kReasonOpenValue};
  Generator g{std::mt19937(20261126)};
  int races = 0, confirmed = 0, data_free_races = 0, data_free_confirmed = 0;
  for (int round = 0; round < 80; ++round) {
    std::string text = g.kernel();
    Options o;
    o.launch.block = Dim3{4, 1, 1};
    o.launch.grid = Dim3{1, 1, 1};
    Result r = run_check({write_file(text)}, o);
    ASSERT_TRUE(r.errors.empty()) << text;
    ASSERT_EQ(r.kernels.size(), 1u) << text;
    for (const auto& race : r.kernels[0].races) {
      ++races;
      if (!g.data) ++data_free_races;
      if (race.confirmed) {
        ++confirmed;
        if (!g.data) ++data_free_confirmed;
        EXPECT_TRUE(race.replay_reason.empty()) << text;
        continue;
      }
      // The reason starts with one of the replay's ("... (3 other witnesses tried)").
      std::string base = race.replay_reason.substr(0, race.replay_reason.find(" ("));
      EXPECT_TRUE(reasons.count(base)) << race.replay_reason << "\n" << text;
      if (!g.data) {
        EXPECT_NE(base, kReasonMemory) << text;
        EXPECT_NE(base, kReasonUnknownFunction) << text;
      }
    }
  }
  // The generator makes racy kernels, and the replay confirms most races of
  // the data-free ones (the protocol is exact for their indices and branches).
  EXPECT_GT(data_free_races, 10);
  EXPECT_GE(data_free_confirmed * 10, data_free_races * 9) << data_free_confirmed << " of " << data_free_races;
  std::cout << "replay: " << confirmed << " of " << races << " races confirmed; data-free: " << data_free_confirmed
            << " of " << data_free_races << "\n";
}
