#include "tests/smt/verdict_differential.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <string>

#include "protocol/interpreter.hpp"
#include "protocol/printer.hpp"
#include "smt/checker.hpp"
#include "tests/support/seed_sampling.hpp"

namespace racecert::testkit {

using namespace racecert::protocol;

VerdictCounts compare_verdicts(unsigned first, unsigned count, const RandomProtocolOptions& ro,
                               const VerdictOptions& vo) {
  SmallBounds bounds;
  VerdictCounts n;
  double smt_time = 0, interp_time = 0;
  for (unsigned seed = first; seed < first + count; seed += seed_stride()) {
    std::mt19937 rng(seed);
    Kernel k = random_protocol(rng, ro);
    if (vo.inspect) vo.inspect(k);
    smt::CheckOptions o;
    o.jobs = 1;
    o.query.minimize_witness = false;
    o.assumptions = bound_assumptions(k, bounds);
    auto t0 = std::chrono::steady_clock::now();
    KernelReport rep = smt::check({k}, o).at(0);
    auto t1 = std::chrono::steady_clock::now();
    smt_time += std::chrono::duration<double>(t1 - t0).count();
    if (rep.status == KernelStatus::Unknown) {
      std::string why;
      for (const auto& d : rep.diagnostics) why += d.message + "; ";
      std::printf("seed %u undecided: %s\n", seed, why.c_str());
      ++n.unknown;
      EXPECT_LE(n.unknown, vo.max_unknown) << "seed " << seed << "\n" << print(k);
      if (n.unknown > vo.max_unknown) return n;
      continue;
    }
    EXPECT_NE(rep.status, KernelStatus::Divergent) << "seed " << seed << "\n" << print(k);
    InterpretOptions io;
    io.stop_at_first_race = true;
    bool expected = any_small_config(k, bounds, bounds.max_block_dim, [&](const ConcreteConfig& c) {
      ConcreteResult r = interpret(k, c, io);
      if (vo.expect_no_divergence) { EXPECT_FALSE(r.divergent) << r.divergence << "\n" << print(k); }
      return !r.races.empty();
    });
    interp_time += std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    EXPECT_EQ(rep.status == KernelStatus::Racy, expected)
        << "seed " << seed << ": interpreter says " << (expected ? "racy" : "drf") << "\n"
        << print(k);
    if (::testing::Test::HasFailure()) return n;
    (expected ? n.racy : n.drf)++;
  }
  std::printf("racy %d, drf %d, undecided %d; smt %.2f s, interpreter %.2f s\n", n.racy, n.drf, n.unknown, smt_time,
              interp_time);
  return n;
}

}  // namespace racecert::testkit
