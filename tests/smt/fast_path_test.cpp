// The fast paths (smt/fast_path.hpp) against Z3 and a brute force: random
// small traces (tests/smt/random_traces.hpp) with affine (and some
// non-affine) indices over the thread and block ids, a parameter N and a
// per-thread loop variable i, launches partly fixed. A trace the fast path proves race-free must be race-free
// for Z3 (without the fast path) and, restricted to small launches, for a
// brute-force enumeration of every assignment; Z3 and the enumeration must
// agree on the small launches (else the enumeration proves nothing). Then
// targeted traces: what must be proved and what must go to Z3.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <stdexcept>
#include <string>

#include "protocol/interpreter.hpp"
#include "smt/fast_path.hpp"
#include "smt/query.hpp"
#include "smt/z3_runtime.hpp"
#include "tests/smt/random_traces.hpp"
#include "tests/support/seed_sampling.hpp"
#include "transform/trace.hpp"

using namespace racecert;
using namespace racecert::protocol;
using transform::SymbolicTrace;
using testkit::bounded;
using testkit::brute_force_racy;
using testkit::random_trace;
using testkit::TraceBuilder;

namespace {

Expr v(const std::string& n) { return var(n); }
Expr lit(std::int64_t x) { return int_lit(x); }
Expr eq(Expr a, Expr b) { return binary(BinOp::Eq, a, b); }

smt::QueryStatus z3_verdict(const SymbolicTrace& t) {
  smt::QueryOptions o;
  o.fast_paths = false;
  o.minimize_witness = false;
  return smt::solve(t, o).status;
}

// smt::check asks the fast path of a trace made without its written values
// (transform::WrittenValues): its decision must be the one it makes with
// them. Here each write writes a value of its thread's own (or the same in
// both threads), and the trace stripped of them must be decided alike.
void expect_same_decision_without_values(const SymbolicTrace& t, unsigned seed) {
  SymbolicTrace with = t, without = t;
  for (auto& a : with.accesses)
    if (a.mode == AccessMode::Write)
      a.value = seed % 2 ? var("threadIdx.x@" + std::to_string(a.thread)) + v("N") : v("N");
  for (auto& a : without.accesses) a.value = nullptr;
  without.values = transform::WrittenValues::LeftOut;
  EXPECT_EQ(smt::decide_without_solver(with), smt::decide_without_solver(without)) << "seed " << seed;
  EXPECT_EQ(smt::decide_without_solver(with), smt::decide_without_solver(t)) << "seed " << seed;
}

TEST(FastPath, AgreesWithZ3AndBruteForceOnRandomTraces) {
  int proved = 0, proved_small = 0, racy_small = 0, checked = 0, modular = 0, block_radix = 0;
  for (unsigned seed = 0; seed < 800; seed += testkit::seed_stride()) {
    std::mt19937 rng(seed);
    SymbolicTrace t = random_trace(rng);
    if (!transform::may_conflict(t)) continue;
    ++checked;
    expect_same_decision_without_values(t, seed);
    if (auto why = smt::decide_without_solver(t)) {
      ++proved;
      block_radix += why->find("block-sized radix") != std::string::npos;
      EXPECT_EQ(z3_verdict(t), smt::QueryStatus::Drf) << "seed " << seed << "\n" << transform::print(t);
    }
    SymbolicTrace small = bounded(t);
    bool brute = brute_force_racy(small);
    smt::QueryStatus z3 = z3_verdict(small);
    ASSERT_NE(z3, smt::QueryStatus::Unknown) << "seed " << seed;
    EXPECT_EQ(z3 == smt::QueryStatus::Racy, brute) << "seed " << seed << "\n" << transform::print(small);
    racy_small += brute;
    if (auto why = smt::decide_without_solver(small)) {
      ++proved_small;
      modular += why->find("modulo") != std::string::npos && why->find("thread id") != std::string::npos;
      EXPECT_FALSE(brute) << "seed " << seed << " (" << *why << ")\n" << transform::print(small);
    }
    if (::testing::Test::HasFailure()) return;
  }
  std::printf("checked %d: fast path proved %d (%d by a block-sized radix), %d on small launches (%d by congruence in "
              "the thread id); %d racy on small launches\n",
              checked, proved, block_radix, proved_small, modular, racy_small);
  EXPECT_GT(modular, 0);
  // Every outcome occurs often enough for the comparison to mean something.
  // (Of the traces checked, not of the seeds: a third of the shaped ones
  // wrap their indices now, and under the sanitizer's seed stride 13 plain
  // proofs of 196 checked traces sat exactly on a bound of seeds / 20.)
  EXPECT_GT(proved, checked / 20);
  EXPECT_GE(proved_small, proved);
  EXPECT_GT(racy_small, checked / 3);
}

// Products of a per-thread id and a size the launch leaves free
// (`blockIdx.x * blockDim.x + threadIdx.x`), which random_trace makes too
// rarely for the block-sized radix to be tried: k1 * x + k2 * u * y + c,
// each part drawn so that most traces sit near the argument's edge (|k1|
// against |k2|, x bounded by u or not, other ids fixed or not).
SymbolicTrace random_product_trace(std::mt19937& rng) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  TraceBuilder b(pick(2) == 0);
  for (const char* s : {"blockDim.z", "gridDim.z"}) b.t.assumptions.push_back(eq(v(s), lit(1)));
  if (pick(3) != 0) b.t.assumptions.push_back(eq(v("blockDim.y"), lit(1)));
  if (pick(3) != 0) b.t.assumptions.push_back(eq(v("gridDim.y"), lit(1)));
  // Each id and the size that bounds it; u is mostly x's bound, y
  // mostly another id.
  static const char* ids[] = {"threadIdx.x", "threadIdx.y", "blockIdx.x", "blockIdx.y"};
  static const char* sizes[] = {"blockDim.x", "blockDim.y", "gridDim.x", "gridDim.y", "N"};
  static const std::int64_t ks[] = {1, -1, 2, 3};
  int ix = pick(4), iy = pick(4) == 0 ? ix : (ix + 1 + pick(3)) % 4;
  Expr x = v(ids[ix]), y = v(ids[iy]), u = v(sizes[pick(4) == 0 ? pick(5) : ix]);
  Expr index = lit(ks[pick(4)]) * x + lit(ks[pick(4)]) * (pick(2) == 0 ? u * y : y * u);
  for (int a = 0, n = 1 + pick(2); a < n; ++a) {
    static const AccessMode modes[] = {AccessMode::Read, AccessMode::Write, AccessMode::Write, AccessMode::Atomic};
    b.access(modes[pick(4)], {index + lit(pick(4) == 0 ? 1 : 0)});
  }
  return b.t;
}

TEST(FastPath, ProductsAgreeWithZ3AndBruteForce) {
  int checked = 0, proved = 0, racy_small = 0, block_radix = 0;
  for (unsigned seed = 0; seed < 1500; seed += testkit::seed_stride()) {
    std::mt19937 rng(seed);
    SymbolicTrace t = random_product_trace(rng);
    if (!transform::may_conflict(t)) continue;
    ++checked;
    SymbolicTrace small = bounded(t);
    bool brute = brute_force_racy(small);
    racy_small += brute;
    if (auto why = smt::decide_without_solver(t)) {
      ++proved;
      block_radix += why->find("block-sized radix") != std::string::npos;
      EXPECT_EQ(z3_verdict(t), smt::QueryStatus::Drf) << "seed " << seed << " (" << *why << ")\n" << transform::print(t);
      EXPECT_FALSE(brute) << "seed " << seed << " (" << *why << ")\n" << transform::print(small);
    }
    if (::testing::Test::HasFailure()) return;
  }
  std::printf("checked %d product traces: fast path proved %d (%d by a block-sized radix); %d racy on small launches\n",
              checked, proved, block_radix, racy_small);
  EXPECT_GT(proved, checked / 30);
  EXPECT_GT(block_radix, proved / 4);
  EXPECT_GT(racy_small, checked / 3);
}

// `threadIdx.x` and its relatives on launches fixed to one dimension.
SymbolicTrace one_dimensional(bool cross, std::int64_t block_x = 0) {
  TraceBuilder b(cross);
  for (const char* s : {"blockDim.y", "blockDim.z", "gridDim.y", "gridDim.z"}) b.t.assumptions.push_back(eq(v(s), lit(1)));
  if (block_x > 0) b.t.assumptions.push_back(eq(v("blockDim.x"), lit(block_x)));
  return b.t;
}

std::optional<std::string> decide(SymbolicTrace t, AccessMode m, std::vector<Expr> i1, std::vector<Expr> i2) {
  TraceBuilder b(t.cross_block);
  b.t = std::move(t);
  b.access(m, i1);
  b.access(AccessMode::Read, i2);
  return smt::decide_without_solver(b.t);
}

TEST(FastPath, ProvesTheUsualShapes) {
  Expr tid = v("threadIdx.x"), bid = v("blockIdx.x");
  EXPECT_EQ(decide(one_dimensional(false), AccessMode::Write, {tid}, {tid}), "affine in the thread id");
  EXPECT_EQ(decide(one_dimensional(false), AccessMode::Write, {lit(2) * tid}, {lit(2) * tid + lit(1)}),
            "affine in the thread id; indices that differ modulo 2");
  EXPECT_EQ(decide(one_dimensional(false, 64), AccessMode::Write, {tid}, {tid + lit(64)}),
            "affine in the thread id; ranges that cannot meet");
  EXPECT_EQ(decide(one_dimensional(false), AccessMode::Atomic, {lit(3)}, {lit(4)}), "distinct constant indices");
  EXPECT_EQ(decide(one_dimensional(true, 64), AccessMode::Write, {bid * lit(64) + tid}, {bid * lit(64) + tid}),
            "affine and injective in the thread id (mixed radix)");
  // blockDim.x left free: the block's offset is a product, the same in
  // both threads of a block, and a radix across blocks (threadIdx.x <
  // blockDim.x); so is a row of threadIdx.y in a 2-D block.
  Expr bdim = v("blockDim.x");
  EXPECT_EQ(decide(one_dimensional(false), AccessMode::Write, {bid * bdim + tid}, {bid * bdim + tid}),
            "affine in the thread id");
  EXPECT_EQ(decide(one_dimensional(true), AccessMode::Write, {bid * bdim + tid}, {bid * bdim + tid}),
            "affine and injective in the thread id (block-sized radix)");
  EXPECT_EQ(decide(one_dimensional(true), AccessMode::Write, {lit(4) * (tid + bdim * bid)}, {lit(4) * (tid + bdim * bid)}),
            "affine and injective in the thread id (block-sized radix)");
  SymbolicTrace flat = TraceBuilder(false).t;  // blockDim.y free
  for (const char* s : {"blockDim.z", "gridDim.y", "gridDim.z"}) flat.assumptions.push_back(eq(v(s), lit(1)));
  EXPECT_EQ(decide(flat, AccessMode::Write, {v("threadIdx.y") * bdim + tid}, {v("threadIdx.y") * bdim + tid}),
            "affine and injective in the thread id (block-sized radix)");
  // Two dimensions of the index: one that differs is enough.
  EXPECT_TRUE(decide(one_dimensional(false), AccessMode::Write, {v("N"), tid}, {v("N"), tid}));
  // Unsigned wraps: a loop's stride that is a multiple of the block
  // vanishes modulo 64, the block's threads do not; against an unwrapped
  // index, and a user's `%`.
  Expr strided = tid + lit(64) * v("i");
  EXPECT_EQ(decide(one_dimensional(false, 64), AccessMode::Write, {expr::wrap(strided, 32, false)},
                   {expr::wrap(strided, 32, false)}),
            "affine in the thread id modulo 64");
  EXPECT_EQ(decide(one_dimensional(false, 64), AccessMode::Write, {expr::wrap(strided, 32, true)}, {strided}),
            "affine in the thread id modulo 64");
  // (Each thread makes both accesses: even against odd, and even against
  // even, which 8 threads of stride 2 keep apart modulo 16.)
  EXPECT_EQ(decide(one_dimensional(false, 8), AccessMode::Write, {binary(BinOp::Mod, lit(2) * tid, lit(16))},
                   {binary(BinOp::Mod, lit(2) * tid + lit(1), lit(16))}),
            "affine in the thread id modulo 16; indices that differ modulo 2");
  EXPECT_FALSE(decide(one_dimensional(false, 9), AccessMode::Write, {binary(BinOp::Mod, lit(2) * tid, lit(16))},
                      {binary(BinOp::Mod, lit(2) * tid + lit(1), lit(16))}));
}

TEST(FastPath, LeavesToZ3WhatItCannotProve) {
  Expr tid = v("threadIdx.x"), bid = v("blockIdx.x");
  // blockDim.y free: threads (0,0) and (0,1) share threadIdx.x.
  EXPECT_FALSE(decide(TraceBuilder(false).t, AccessMode::Write, {tid}, {tid}));
  // Neighbours collide; so may an offset within the block.
  EXPECT_FALSE(decide(one_dimensional(false), AccessMode::Write, {tid}, {tid + lit(1)}));
  EXPECT_FALSE(decide(one_dimensional(false, 64), AccessMode::Write, {tid}, {tid + lit(63)}));
  // Blocks overlap when the stride is shorter than the block.
  EXPECT_FALSE(decide(one_dimensional(true, 64), AccessMode::Write, {bid * lit(63) + tid}, {bid * lit(63) + tid}));
  // Radices too short: a stride of the block for twice the thread id, of
  // N (no bound relates it to threadIdx.x), of the block for blockIdx.x
  // (bounded by gridDim.x), of the block across blocks when blockDim.y is
  // free (threads (0, 1) and (0, 0) of the same block agree).
  Expr bdim = v("blockDim.x");
  EXPECT_FALSE(decide(one_dimensional(true), AccessMode::Write, {lit(2) * tid + bdim * bid}, {lit(2) * tid + bdim * bid}));
  EXPECT_FALSE(decide(one_dimensional(true), AccessMode::Write, {v("N") * bid + tid}, {v("N") * bid + tid}));
  EXPECT_FALSE(decide(one_dimensional(true), AccessMode::Write, {bdim * tid + bid}, {bdim * tid + bid}));
  EXPECT_FALSE(decide(TraceBuilder(true).t, AccessMode::Write, {bid * bdim + tid}, {bid * bdim + tid}));
  // Uniform and per-thread loop variables, wraps, the same constant.
  EXPECT_FALSE(decide(one_dimensional(false), AccessMode::Write, {v("N")}, {v("N")}));
  EXPECT_FALSE(decide(one_dimensional(false), AccessMode::Write, {tid + v("i")}, {tid + v("i")}));
  EXPECT_FALSE(decide(one_dimensional(false), AccessMode::Write, {expr::wrap(tid + v("N"), 32, false)},
                      {expr::wrap(tid + v("N"), 32, false)}));
  EXPECT_FALSE(decide(one_dimensional(false), AccessMode::Write, {lit(3)}, {lit(3)}));
  // Wraps: a stride shorter than the block, a block larger than the
  // modulus, a difference of the constants not a multiple of the stride.
  EXPECT_FALSE(decide(one_dimensional(false, 64), AccessMode::Write, {expr::wrap(tid + lit(32) * v("i"), 32, false)},
                      {expr::wrap(tid + lit(32) * v("i"), 32, false)}));
  EXPECT_FALSE(decide(one_dimensional(false, 64), AccessMode::Write, {binary(BinOp::Mod, tid, lit(32))},
                      {binary(BinOp::Mod, tid, lit(32))}));
  EXPECT_FALSE(decide(one_dimensional(false, 64), AccessMode::Write, {expr::wrap(tid + lit(64) * v("i"), 32, false)},
                      {expr::wrap(tid + lit(64) * v("i") + lit(1), 32, false)}));
  // Only reads: nothing to prove, and nothing the fast path is asked.
  EXPECT_EQ(decide(one_dimensional(false), AccessMode::Read, {lit(3)}, {lit(3)}), "no two accesses can conflict");
}

// A trace without its written values is for the fast paths only: one they
// cannot decide is refused by the solver, not asked as if nothing were
// written (two writes of one value do not race).
TEST(FastPath, TheSolverRefusesATraceWithoutItsValues) {
  TraceBuilder b(false);
  b.access(AccessMode::Write, {lit(3)});
  b.access(AccessMode::Write, {lit(3)});
  b.t.values = transform::WrittenValues::LeftOut;
  ASSERT_FALSE(smt::decide_without_solver(b.t));
  EXPECT_THROW(smt::solve(b.t, smt::QueryOptions{}), std::logic_error);
  EXPECT_THROW(smt::to_smtlib(b.t, smt::QueryOptions{}), std::logic_error);
  b.t.values = transform::WrittenValues::Kept;
  EXPECT_EQ(z3_verdict(b.t), smt::QueryStatus::Racy);
}

// Queries that share one Z3 context (smt::QueryContext, what the checker
// gives each group of a kernel's queries) answer as queries with a fresh
// context each, and as the brute force on small launches: the random traces
// above, asked one after another through one shared context (products with
// a free blockDim.x among them, so the real-products attempts share it too).
TEST(SharedQueryContext, AnswersAsFreshContextsAndTheBruteForce) {
  smt::QueryOptions o;
  o.fast_paths = false;
  smt::QueryContext shared;
  int asked = 0, racy = 0;
  for (unsigned seed = 0; seed < 400; seed += testkit::seed_stride()) {
    std::mt19937 rng(seed);
    SymbolicTrace t = random_trace(rng);
    if (!transform::may_conflict(t)) continue;
    ++asked;
    SymbolicTrace small = bounded(t);
    smt::QueryResult reused = smt::solve(small, o, &shared);
    ASSERT_NE(reused.status, smt::QueryStatus::Unknown) << "seed " << seed << ": " << reused.reason;
    EXPECT_EQ(reused.status, smt::solve(small, o).status) << "seed " << seed << "\n" << transform::print(small);
    EXPECT_EQ(reused.status == smt::QueryStatus::Racy, brute_force_racy(small)) << "seed " << seed;
    racy += reused.status == smt::QueryStatus::Racy;
    // The unbounded trace through the same context too: its answer (and
    // what it leaves in the context) comes before the next small one.
    EXPECT_EQ(smt::solve(t, o, &shared).status, smt::solve(t, o).status) << "seed " << seed;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(racy, asked / 4);
  EXPECT_LT(racy, asked);
}

// The context is handed on only after a clean query: one that was
// interrupted (spoiled), abandoned, failed or left unknown leaves the next
// query a new context.
TEST(SharedQueryContext, HandsOnItsContextOnlyAfterACleanQuery) {
  smt::QueryContext shared;
  auto first = shared.take();
  shared.give_back(first, /*clean=*/true);
  EXPECT_EQ(shared.take(), first);
  shared.give_back(first, /*clean=*/false);
  auto second = shared.take();
  EXPECT_NE(second, first);
  second->spoiled = true;  // what limited_check does when its watchdog fired
  shared.give_back(second, /*clean=*/true);
  auto third = shared.take();
  EXPECT_NE(third, second);
  EXPECT_FALSE(third->spoiled);
}

}  // namespace
