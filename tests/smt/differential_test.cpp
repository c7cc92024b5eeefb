// Theorem 1, verdicts: for thousands of random well-formed protocols, the
// symbolic pipeline (restricted to small bounds by assumptions) finds a race
// exactly when the reference interpreter finds one in some small
// configuration: 1-3 threads per block, 1-2 blocks, parameters N, M in 0..2,
// and a per-thread unknown v in {0, 1}.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>

#include "protocol/interpreter.hpp"
#include "protocol/printer.hpp"
#include "smt/checker.hpp"
#include "tests/support/random_protocol.hpp"

using namespace racecert;
using namespace racecert::protocol;

namespace {

// Whether some small configuration of k is racy.
bool interpreter_racy(const Kernel& k, const testkit::SmallBounds& b) {
  InterpretOptions io;
  io.stop_at_first_race = true;
  return testkit::any_small_config(k, b, b.max_block_dim,
                                   [&](const ConcreteConfig& c) { return !interpret(k, c, io).races.empty(); });
}

void check_seed_range(unsigned first, unsigned count) {
  testkit::SmallBounds bounds;
  int racy = 0, drf = 0;
  double smt_time = 0, interp_time = 0;
  for (unsigned seed = first; seed < first + count; ++seed) {
    std::mt19937 rng(seed);
    testkit::RandomProtocolOptions ro;
    ro.max_depth = 2;
    ro.max_block = 3;
    Kernel k = testkit::random_protocol(rng, ro);
    smt::CheckOptions o;
    o.jobs = 1;
    o.query.minimize_witness = false;
    o.assumptions = testkit::bound_assumptions(k, bounds);
    auto t0 = std::chrono::steady_clock::now();
    KernelReport rep = smt::check({k}, o).at(0);
    auto t1 = std::chrono::steady_clock::now();
    ASSERT_NE(rep.status, KernelStatus::Unknown) << "seed " << seed << "\n" << print(k);
    bool expected = interpreter_racy(k, bounds);
    auto t2 = std::chrono::steady_clock::now();
    smt_time += std::chrono::duration<double>(t1 - t0).count();
    interp_time += std::chrono::duration<double>(t2 - t1).count();
    ASSERT_EQ(rep.status == KernelStatus::Racy, expected)
        << "seed " << seed << ": interpreter says " << (expected ? "racy" : "drf") << "\n"
        << print(k);
    (expected ? racy : drf)++;
  }
  std::printf("smt %.2f s, interpreter %.2f s\n", smt_time, interp_time);
  // Both verdicts occur often enough for the comparison to mean something.
  EXPECT_GT(racy, static_cast<int>(count) / 5);
  EXPECT_GT(drf, static_cast<int>(count) / 10);
}

}  // namespace

TEST(Theorem1Verdicts, Seeds0To399) { check_seed_range(0, 400); }
TEST(Theorem1Verdicts, Seeds400To799) { check_seed_range(400, 400); }
TEST(Theorem1Verdicts, Seeds800To1199) { check_seed_range(800, 400); }
TEST(Theorem1Verdicts, Seeds1200To1599) { check_seed_range(1200, 400); }
TEST(Theorem1Verdicts, Seeds1600To1999) { check_seed_range(1600, 400); }
