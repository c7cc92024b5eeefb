// Case splits on uniform variables (smt/case_split.hpp) against a brute
// force: random assumptions over a uniform variable v (disjunctions of
// `v == c`, `v >= c`, `v > c`, `|v| <= c`, bounds on either side) and a
// per-thread variable x. A split must be an equivalence: every value of v
// that satisfies the assumptions, enumerated over a range far beyond the
// constants (so an unbounded set shows up at its ends), must be a case.
// Then the scan shape that made the split necessary, and what must not
// split.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "smt/case_split.hpp"
#include "tests/support/seed_sampling.hpp"
#include "transform/trace.hpp"

using namespace racecert;
using namespace racecert::protocol;
using transform::SymbolicTrace;
using transform::TraceVar;

namespace {

Expr cmp(BinOp op, Expr a, Expr b) { return binary(op, a, b); }
Expr any_of(const std::vector<Expr>& xs) {
  Expr e = xs.front();
  for (std::size_t i = 1; i < xs.size(); ++i) e = binary(BinOp::Or, e, xs[i]);
  return e;
}

SymbolicTrace trace_over(const std::vector<Expr>& assumptions, int thread_of_v = 0) {
  SymbolicTrace t;
  t.array = "A";
  t.vars.push_back(TraceVar{"v", "v", thread_of_v, false});
  t.vars.push_back(TraceVar{"x@1", "x", 1, false});
  t.assumptions = assumptions;
  return t;
}

// An atom over one variable: the kinds a disjunction may hold, and a few
// it may not (v < c, v != c), which must make the disjunction not split.
Expr random_atom(std::mt19937& rng, const std::string& name, bool& tail) {
  std::uniform_int_distribution<int> kind(0, 9), c(-12, 12), small(0, 12);
  Expr v = var(name);
  int k = kind(rng);
  tail = tail || (k >= 4 && k <= 6);
  switch (k) {
    case 0: case 1: case 2: return cmp(BinOp::Eq, v, int_lit(c(rng)));
    case 3: return cmp(BinOp::Eq, int_lit(c(rng)), v);
    case 4: return cmp(BinOp::Ge, v, int_lit(c(rng)));
    case 5: return cmp(BinOp::Gt, v, int_lit(c(rng)));
    case 6: return cmp(BinOp::Le, int_lit(c(rng)), v);
    case 7: return cmp(BinOp::Le, binary(BinOp::Max, v, unary(UnOp::Neg, v)), int_lit(small(rng)));
    case 8: return cmp(BinOp::Lt, v, int_lit(c(rng)));
    default: return cmp(BinOp::Ne, v, int_lit(c(rng)));
  }
}

Expr random_bound(std::mt19937& rng, const std::string& name) {
  std::uniform_int_distribution<int> kind(0, 5), c(-12, 12);
  Expr v = var(name);
  switch (kind(rng)) {
    case 0: return cmp(BinOp::Lt, v, int_lit(c(rng)));
    case 1: return cmp(BinOp::Le, v, int_lit(c(rng)));
    case 2: return cmp(BinOp::Gt, int_lit(c(rng)), v);
    case 3: return cmp(BinOp::Gt, v, int_lit(c(rng)));
    case 4: return cmp(BinOp::Ge, v, int_lit(c(rng)));
    default: return cmp(BinOp::Ge, int_lit(c(rng)), v);
  }
}

Expr random_disjunction(std::mt19937& rng, const std::string& name, bool& tail) {
  std::uniform_int_distribution<int> count(1, 5);
  std::vector<Expr> atoms;
  for (int i = count(rng); i > 0; --i) atoms.push_back(random_atom(rng, name, tail));
  return any_of(atoms);
}

TEST(CaseSplit, EveryValueOfTheAssumptionsIsACase) {
  int splits = 0, splits_past_a_tail = 0;
  for (unsigned seed = 0; seed < 3000; seed += testkit::seed_stride()) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> conjuncts(1, 3), coin(0, 1);
    std::vector<Expr> on_v;
    bool tail = false;  // a disjunction of v has an open tail (v >= c, v > c)
    for (int i = conjuncts(rng); i > 0; --i) {
      Expr e = coin(rng) ? random_disjunction(rng, "v", tail) : random_bound(rng, "v");
      // Sometimes a bound and a disjunction in one assumption (a loop's
      // `d < n && (d == 1 || ...)`).
      if (coin(rng)) e = binary(BinOp::And, random_bound(rng, "v"), e);
      on_v.push_back(e);
    }
    std::vector<Expr> all = on_v;
    bool ignored = false;
    all.push_back(random_disjunction(rng, "x@1", ignored));  // per-thread: never split
    auto split = smt::small_domain(trace_over(all));
    if (!split) continue;
    ++splits;
    ASSERT_EQ(split->var, "v") << "seed " << seed;
    ASSERT_GE(split->values.size(), 2u);
    ASSERT_LE(split->values.size(), smt::kMaxCases);
    ASSERT_TRUE(std::is_sorted(split->values.begin(), split->values.end()));
    std::set<std::int64_t> cases(split->values.begin(), split->values.end());
    for (std::int64_t value = -40; value <= 40; ++value) {
      auto env = [&](const std::string& n) -> std::optional<std::int64_t> {
        if (n == "v") return value;
        return std::nullopt;
      };
      bool holds = std::all_of(on_v.begin(), on_v.end(), [&](const Expr& a) { return expr::eval_bool(a, env); });
      if (holds) {
        ASSERT_TRUE(cases.count(value)) << "seed " << seed << ": v = " << value << " is not a case";
      }
    }
    if (tail) ++splits_past_a_tail;
  }
  // The generator must reach both kinds of split, or the test proves little.
  EXPECT_GE(splits, testkit::seeds_checked(3000) / 20);
  EXPECT_GE(splits_past_a_tail, testkit::seeds_checked(3000) / 100);
}

// The down-sweep of a Blelloch scan (datasets/kernels/scans/blelloch-drf.cu)
// once the launch is fixed: `d < 256 && (d == 1 || d == 2 || ... || d ==
// 2^33 || d >= 2^34)`, `listed` values and the open tail. The tail lies
// beyond the bound: 8 cases.
std::vector<Expr> doubling_loop(Expr bound, int listed = 34) {
  std::vector<Expr> atoms;
  for (int k = 0; k < listed; ++k) atoms.push_back(cmp(BinOp::Eq, var("d"), int_lit(std::int64_t{1} << k)));
  atoms.push_back(cmp(BinOp::Ge, var("d"), int_lit(std::int64_t{1} << listed)));
  return {binary(BinOp::And, bound, any_of(atoms))};
}

TEST(CaseSplit, DoublingLoopBoundedByTheLaunch) {
  SymbolicTrace t = trace_over(doubling_loop(cmp(BinOp::Lt, var("d"), int_lit(256))));
  t.vars.front() = TraceVar{"d", "d", 0, false};  // trace_over names its uniform variable v
  auto split = smt::small_domain(t);
  ASSERT_TRUE(split);
  EXPECT_EQ(split->var, "d");
  EXPECT_EQ(split->values, (std::vector<std::int64_t>{1, 2, 4, 8, 16, 32, 64, 128}));

  // The same bound written the other way round.
  t.assumptions = doubling_loop(cmp(BinOp::Gt, int_lit(256), var("d")));
  ASSERT_TRUE(smt::small_domain(t));
  EXPECT_EQ(smt::small_domain(t)->values.size(), 8u);
}

TEST(CaseSplit, NoSplitWhereTheTailMayHoldAModel) {
  SymbolicTrace t = trace_over(doubling_loop(cmp(BinOp::Lt, var("d"), int_lit(256))));
  t.vars.front() = TraceVar{"d", "d", 0, false};
  // d in {1, 2, 4} or d >= 8. A symbolic bound (the launch not fixed):
  // the tail may hold.
  t.assumptions = doubling_loop(cmp(BinOp::Lt, var("d"), binary(BinOp::Mul, int_lit(2), var("n"))), 3);
  EXPECT_FALSE(smt::small_domain(t));
  // A bound that reaches into the tail, on either side.
  t.assumptions = doubling_loop(cmp(BinOp::Le, var("d"), int_lit(8)), 3);
  EXPECT_FALSE(smt::small_domain(t));
  t.assumptions = doubling_loop(cmp(BinOp::Gt, int_lit(9), var("d")), 3);
  EXPECT_FALSE(smt::small_domain(t));
  // Below the tail: three cases.
  t.assumptions = doubling_loop(cmp(BinOp::Lt, var("d"), int_lit(8)), 3);
  ASSERT_TRUE(smt::small_domain(t));
  EXPECT_EQ(smt::small_domain(t)->values, (std::vector<std::int64_t>{1, 2, 4}));
  // A per-thread variable is never split.
  t.assumptions = doubling_loop(cmp(BinOp::Lt, var("d"), int_lit(256)));
  t.vars.front().thread = 1;
  EXPECT_FALSE(smt::small_domain(t));
}

TEST(CaseSplit, BoundsDropValuesWithoutModels) {
  // d in {1, 2, 4, 8} and d >= 3: only 4 and 8 have models.
  SymbolicTrace t = trace_over({any_of({cmp(BinOp::Eq, var("v"), int_lit(1)), cmp(BinOp::Eq, var("v"), int_lit(2)),
                                        cmp(BinOp::Eq, var("v"), int_lit(4)), cmp(BinOp::Eq, var("v"), int_lit(8))}),
                                cmp(BinOp::Ge, var("v"), int_lit(3))});
  auto split = smt::small_domain(t);
  ASSERT_TRUE(split);
  EXPECT_EQ(split->values, (std::vector<std::int64_t>{4, 8}));
  // One value left: nothing to split.
  t.assumptions.push_back(cmp(BinOp::Lt, var("v"), int_lit(5)));
  EXPECT_FALSE(smt::small_domain(t));
}

}  // namespace
