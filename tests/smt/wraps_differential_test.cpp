// Theorem 1 with bit widths: random protocols whose indices and conditions
// hold the front end's wraps (expr::wrap at 8 bits, so that the small
// values of the reference wrap around: 0 - 1 is 255, 2 * 128 is 0, signed
// 2 * 64 is -128). The symbolic pipeline, restricted to the small bounds,
// finds a race exactly when the reference interpreter (C semantics of the
// masks, brute force over every small configuration) finds one.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "protocol/interpreter.hpp"
#include "protocol/printer.hpp"
#include "smt/checker.hpp"
#include "tests/support/random_protocol.hpp"

using namespace racecert;
using namespace racecert::protocol;

namespace {

bool mentions_wrap(const Expr& e) {
  if (!e) return false;
  if (expr::as_wrap(e)) return true;
  return mentions_wrap(e->a) || mentions_wrap(e->b) || mentions_wrap(e->c);
}

bool has_wrap(const Block& b);
bool has_wrap(const Stmt& s) {
  if (s.is<Access>())
    for (const auto& i : s.as<Access>().index)
      if (mentions_wrap(i)) return true;
  if (s.is<If>()) return mentions_wrap(s.as<If>().cond) || has_wrap(s.as<If>().then_body) || has_wrap(s.as<If>().else_body);
  if (s.is<Loop>()) return has_wrap(s.as<Loop>().body);
  return false;
}
bool has_wrap(const Block& b) {
  for (const auto& s : b)
    if (has_wrap(s)) return true;
  return false;
}

void check_seeds(unsigned first, unsigned count) {
  testkit::SmallBounds bounds;
  int racy = 0, drf = 0, wrapped = 0;
  for (unsigned seed = first; seed < first + count; ++seed) {
    std::mt19937 rng(seed);
    testkit::RandomProtocolOptions ro;
    ro.max_depth = 2;
    ro.max_block = 3;
    ro.wraps = true;
    Kernel k = testkit::random_protocol(rng, ro);
    wrapped += has_wrap(k.body);
    smt::CheckOptions o;
    o.jobs = 1;
    o.query.minimize_witness = false;
    o.assumptions = testkit::bound_assumptions(k, bounds);
    KernelReport rep = smt::check({k}, o).at(0);
    ASSERT_NE(rep.status, KernelStatus::Unknown) << "seed " << seed << "\n" << print(k);
    InterpretOptions io;
    io.stop_at_first_race = true;
    bool expected = testkit::any_small_config(k, bounds, bounds.max_block_dim, [&](const ConcreteConfig& c) {
      return !interpret(k, c, io).races.empty();
    });
    ASSERT_EQ(rep.status == KernelStatus::Racy, expected)
        << "seed " << seed << ": interpreter says " << (expected ? "racy" : "drf") << "\n"
        << print(k);
    (expected ? racy : drf)++;
  }
  std::printf("racy %d, drf %d, with a wrap %d\n", racy, drf, wrapped);
  EXPECT_GT(racy, static_cast<int>(count) / 5);
  EXPECT_GT(drf, static_cast<int>(count) / 10);
  EXPECT_GT(wrapped, static_cast<int>(count) / 2);
}

TEST(WrapsDifferential, Seeds0To299) { check_seeds(0, 300); }
TEST(WrapsDifferential, Seeds300To599) { check_seeds(300, 300); }

}  // namespace
