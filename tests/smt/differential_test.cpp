// Theorem 1, verdicts: for thousands of random well-formed protocols, the
// symbolic pipeline (restricted to small bounds by assumptions) finds a race
// exactly when the reference interpreter finds one in some small
// configuration: 1-3 threads per block, 1-2 blocks, parameters N, M in 0..2,
// and a per-thread unknown v in {0, 1}. With bit widths too: protocols whose
// indices hold the front end's wraps (expr::wrap at 8 bits, so that the
// small values wrap around: 0 - 1 is 255, 2 * 128 is 0, signed 2 * 64 is
// -128), against the interpreter's C semantics of the masks.
#include <gtest/gtest.h>

#include <random>

#include "tests/smt/verdict_differential.hpp"
#include "tests/support/seed_sampling.hpp"

using namespace racecert;
using namespace racecert::protocol;

namespace {

bool mentions_wrap(const Expr& e) {
  return e && (expr::as_wrap(e) || mentions_wrap(e->a) || mentions_wrap(e->b) || mentions_wrap(e->c));
}

bool has_wrap(const Block& b) {
  for (const auto& s : b) {
    if (s.is<Access>())
      for (const auto& i : s.as<Access>().index)
        if (mentions_wrap(i)) return true;
    if (s.is<If>() && (mentions_wrap(s.as<If>().cond) || has_wrap(s.as<If>().then_body) ||
                       has_wrap(s.as<If>().else_body)))
      return true;
    if (s.is<Loop>() && has_wrap(s.as<Loop>().body)) return true;
  }
  return false;
}

void check_seed_range(unsigned first, unsigned count, bool wraps = false) {
  testkit::RandomProtocolOptions ro;
  ro.max_depth = 2;
  ro.max_block = 3;
  ro.wraps = wraps;
  int wrapped = 0;
  testkit::VerdictOptions vo;
  vo.inspect = [&](const Kernel& k) { wrapped += has_wrap(k.body); };
  testkit::VerdictCounts n = testkit::compare_verdicts(first, count, ro, vo);
  // Both verdicts occur often enough for the comparison to mean something.
  EXPECT_GT(n.racy, testkit::seeds_checked(count) / 5);
  EXPECT_GT(n.drf, testkit::seeds_checked(count) / 10);
  if (wraps) { EXPECT_GT(wrapped, testkit::seeds_checked(count) / 2); }  // the wraps are exercised
}

}  // namespace

TEST(Theorem1Verdicts, Seeds0To399) { check_seed_range(0, 400); }
TEST(Theorem1Verdicts, Seeds400To799) { check_seed_range(400, 400); }
TEST(Theorem1Verdicts, Seeds800To1199) { check_seed_range(800, 400); }
TEST(Theorem1Verdicts, Seeds1200To1599) { check_seed_range(1200, 400); }
TEST(Theorem1Verdicts, Seeds1600To1999) { check_seed_range(1600, 400); }
TEST(Theorem1Verdicts, BitWidthsSeeds0To299) { check_seed_range(0, 300, true); }
TEST(Theorem1Verdicts, BitWidthsSeeds300To599) { check_seed_range(300, 300, true); }
