// The fast paths (smt/fast_path.hpp) against Z3 and a brute force: random
// small traces with affine (and some non-affine) indices over the thread
// and block ids, a parameter N and a per-thread loop variable i, launches
// partly fixed. A trace the fast path proves race-free must be race-free
// for Z3 (without the fast path) and, restricted to small launches, for a
// brute-force enumeration of every assignment; Z3 and the enumeration must
// agree on the small launches (else the enumeration proves nothing). Then
// targeted traces: what must be proved and what must go to Z3.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <random>
#include <set>

#include "protocol/interpreter.hpp"
#include "smt/fast_path.hpp"
#include "smt/query.hpp"
#include "smt/z3_runtime.hpp"
#include "tests/support/seed_sampling.hpp"
#include "transform/trace.hpp"

using namespace racecert;
using namespace racecert::protocol;
using transform::SymbolicTrace;
using transform::TraceAccess;
using transform::TraceVar;

namespace {

Expr v(const std::string& n) { return var(n); }
Expr lit(std::int64_t x) { return int_lit(x); }
Expr eq(Expr a, Expr b) { return binary(BinOp::Eq, a, b); }
Expr le(Expr a, Expr b) { return binary(BinOp::Le, a, b); }
Expr lt(Expr a, Expr b) { return binary(BinOp::Lt, a, b); }
Expr ne(Expr a, Expr b) { return binary(BinOp::Ne, a, b); }

// A trace of one phase: thread ids per thread; block ids shared (same
// block) or per thread (cross block); both threads run the same accesses.
struct TraceBuilder {
  SymbolicTrace t;
  bool cross = false;

  std::string id(const std::string& base, int thread) const {
    bool per_thread = base.rfind("threadIdx", 0) == 0 || (cross && base.rfind("blockIdx", 0) == 0) || base == "i";
    return per_thread ? base + "@" + std::to_string(thread) : base;
  }

  explicit TraceBuilder(bool cross_block) : cross(cross_block) {
    t.array = "A";
    t.cross_block = cross_block;
    t.phase = "test";
    for (const char* d : {"x", "y", "z"}) {
      std::string bd = std::string("blockDim.") + d, gd = std::string("gridDim.") + d;
      t.vars.push_back(TraceVar{bd, bd, 0, true});
      t.vars.push_back(TraceVar{gd, gd, 0, true});
      t.assumptions.push_back(le(lit(1), v(bd)));
      t.assumptions.push_back(le(lit(1), v(gd)));
      for (int th = 1; th <= 2; ++th) {
        std::string tid = id(std::string("threadIdx.") + d, th);
        t.vars.push_back(TraceVar{tid, std::string("threadIdx.") + d, th, true});
        t.assumptions.push_back(le(lit(0), v(tid)));
        t.assumptions.push_back(lt(v(tid), v(bd)));
      }
      for (int th = cross ? 1 : 0; th <= (cross ? 2 : 0); ++th) {
        std::string bid = id(std::string("blockIdx.") + d, th);
        t.vars.push_back(TraceVar{bid, std::string("blockIdx.") + d, th, true});
        t.assumptions.push_back(le(lit(0), v(bid)));
        t.assumptions.push_back(lt(v(bid), v(gd)));
      }
    }
    t.vars.push_back(TraceVar{"N", "N", 0, false});
    for (int th = 1; th <= 2; ++th) t.vars.push_back(TraceVar{id("i", th), "i", th, false});
    std::vector<Expr> differ;
    for (const char* d : {"x", "y", "z"}) {
      std::string base = std::string(cross ? "blockIdx." : "threadIdx.") + d;
      differ.push_back(ne(v(base + "@1"), v(base + "@2")));
    }
    t.assumptions.push_back(disj(differ));
  }

  // `index` written over thread-neutral names (threadIdx.x, i, N, ...).
  void access(AccessMode m, const std::vector<Expr>& index, const Expr& guard = bool_lit(true)) {
    for (int th = 1; th <= 2; ++th) {
      auto mine = [&](const std::string& n) { return id(n, th); };
      TraceAccess a;
      a.thread = th;
      a.mode = m;
      a.guard = rename(guard, mine);
      for (const auto& i : index) a.index.push_back(rename(i, mine));
      t.accesses.push_back(a);
    }
  }
};

// Every assignment within small bounds that satisfies the assumptions:
// is there a conflicting pair at one location?
bool brute_force_racy(const SymbolicTrace& t) {
  std::vector<std::string> names;
  std::map<std::string, std::vector<std::int64_t>> domain;
  for (const auto& x : t.vars) {
    names.push_back(x.name);
    std::vector<std::int64_t>& d = domain[x.name];
    std::int64_t lo = 0, hi = 2;
    if (x.source.rfind("blockDim", 0) == 0) lo = 1, hi = 3;
    if (x.source.rfind("gridDim", 0) == 0) lo = 1, hi = 2;
    if (x.source.rfind("blockIdx", 0) == 0) hi = 1;
    for (std::int64_t k = lo; k <= hi; ++k) d.push_back(k);
  }
  // Each assumption is checked as soon as its variables are all assigned.
  std::vector<std::vector<Expr>> due(names.size());
  for (const auto& a : t.assumptions) {
    std::set<std::string> used = free_vars(a);
    std::size_t last = 0;
    for (std::size_t k = 0; k < names.size(); ++k)
      if (used.count(names[k])) last = k;
    due[last].push_back(a);
  }
  std::map<std::string, std::int64_t> env;
  expr::Env lookup = [&](const std::string& n) -> std::optional<std::int64_t> {
    auto it = env.find(n);
    return it == env.end() ? std::nullopt : std::optional<std::int64_t>(it->second);
  };
  std::function<bool(std::size_t)> go = [&](std::size_t k) -> bool {
    if (k == names.size()) {
      for (const auto& a : t.accesses) {
        if (a.thread != 1 || !expr::eval_bool(a.guard, lookup)) continue;
        for (const auto& b : t.accesses) {
          if (b.thread != 2 || !modes_conflict(a.mode, b.mode, t.cross_block) || !expr::eval_bool(b.guard, lookup))
            continue;
          bool same = true;
          for (std::size_t d = 0; d < a.index.size(); ++d)
            same = same && expr::eval_int(a.index[d], lookup) == expr::eval_int(b.index[d], lookup);
          if (same) return true;
        }
      }
      return false;
    }
    for (std::int64_t x : domain[names[k]]) {
      env[names[k]] = x;
      bool ok = true;
      for (const auto& a : due[k]) ok = ok && expr::eval_bool(a, lookup);
      if (ok && go(k + 1)) return true;
    }
    env.erase(names[k]);
    return false;
  };
  return go(0);
}

// The small bounds of the brute force, as assumptions.
SymbolicTrace bounded(SymbolicTrace t) {
  for (const auto& x : t.vars) {
    std::int64_t hi = 2;
    if (x.source.rfind("blockDim", 0) == 0) hi = 3;
    if (x.source.rfind("blockIdx", 0) == 0) hi = 1;
    t.assumptions.push_back(le(v(x.name), lit(hi)));
    if (!x.builtin) t.assumptions.push_back(le(lit(0), v(x.name)));
  }
  return t;
}

smt::QueryStatus z3_verdict(const SymbolicTrace& t) {
  smt::QueryOptions o;
  o.fast_paths = false;
  o.minimize_witness = false;
  return smt::solve(t, o).status;
}

SymbolicTrace random_trace(std::mt19937& rng) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  TraceBuilder b(pick(3) == 0);
  // The launch: each size fixed (often to 1 for y and z) or left free.
  for (const char* d : {"x", "y", "z"}) {
    std::string bd = std::string("blockDim.") + d, gd = std::string("gridDim.") + d;
    bool x = std::string(d) == "x";
    if (pick(4) != 0) b.t.assumptions.push_back(eq(v(bd), lit(x ? 1 + pick(4) : (pick(4) == 0 ? 2 : 1))));
    if (pick(4) != 0) b.t.assumptions.push_back(eq(v(gd), lit(x ? 1 + pick(2) : 1)));
  }
  if (pick(3) == 0) b.t.assumptions.push_back(le(v("N"), lit(2)));
  if (pick(2) == 0) b.t.assumptions.push_back(le(lit(0), v("N")));
  auto term = [&]() -> Expr {
    static const char* names[] = {"threadIdx.x", "threadIdx.y", "blockIdx.x", "N", "i", "blockDim.x"};
    int k = pick(6);
    Expr x = v(names[k]);
    if (k == 2 && pick(2) == 0) x = x * v("blockDim.x");  // linear once the launch fixes blockDim.x
    if (pick(8) == 0) x = binary(BinOp::Mod, x, lit(2));   // not affine: Z3 only
    return lit(pick(5) - 1) * x;
  };
  // Half the traces index by one shape, c * threadIdx.x (plus a block's
  // stride across blocks), with small offsets: what the fast path is for.
  bool shaped = pick(2) == 0;
  static const std::int64_t coefficients[] = {1, 2, 3, -1};
  Expr shape = lit(coefficients[pick(4)]) * v("threadIdx.x");
  if (pick(2) == 0) shape = shape + (pick(2) == 0 ? v("blockIdx.x") * v("blockDim.x") : lit(pick(9)) * v("blockIdx.x"));
  auto offset = [&]() -> Expr {
    switch (pick(7)) {
      case 0: return lit(1);
      case 1: return lit(2);
      case 2: return v("blockDim.x");
      case 3: return v("N");
      default: return lit(0);
    }
  };
  // A third of the shaped traces wrap their indices, as the front end's
  // unsigned arithmetic does (a mask with 2^bits - 1) or as C's `%` by a
  // constant, mostly not every access; half of those add a per-thread loop
  // term with a power-of-two stride (`s[(t + 64 * k) & mask]`): what the
  // congruence argument of the fast path is for.
  int wrap_bits = shaped && pick(3) == 0 ? 2 + pick(4) : 0;
  Expr stride_term = wrap_bits && pick(2) == 0 ? lit(std::int64_t{1} << (1 + pick(4))) * v("i") : lit(0);
  int accesses = 1 + pick(3);
  for (int a = 0; a < accesses; ++a) {
    std::vector<Expr> index;
    int dims = pick(4) == 0 ? 2 : 1;
    for (int d = 0; d < dims; ++d) {
      if (shaped) {
        Expr i = d == 0 ? shape + stride_term + offset() : offset();
        if (d == 0 && wrap_bits && pick(4) != 0)
          i = pick(3) == 0 ? binary(BinOp::Mod, i, lit(std::int64_t{1} << wrap_bits))
                           : binary(BinOp::BitAnd, i, lit((std::int64_t{1} << wrap_bits) - 1));
        index.push_back(i);
        continue;
      }
      Expr i = lit(pick(4) == 0 ? pick(7) - 3 : 0);
      int terms = 1 + pick(3);
      for (int k = 0; k < terms; ++k) i = i + term();
      index.push_back(i);
    }
    static const AccessMode modes[] = {AccessMode::Read, AccessMode::Write, AccessMode::Write, AccessMode::Atomic};
    Expr guard = pick(5) == 0 ? lt(v("threadIdx.x"), lit(1 + pick(2))) : bool_lit(true);
    b.access(modes[pick(4)], index, guard);
  }
  // Dimensions must agree between accesses of one array.
  std::size_t dims = b.t.accesses.front().index.size();
  for (auto& a : b.t.accesses) a.index.resize(dims, lit(0));
  return b.t;
}

TEST(FastPath, AgreesWithZ3AndBruteForceOnRandomTraces) {
  int proved = 0, proved_small = 0, racy_small = 0, checked = 0, modular = 0;
  for (unsigned seed = 0; seed < 800; seed += testkit::seed_stride()) {
    std::mt19937 rng(seed);
    SymbolicTrace t = random_trace(rng);
    if (!transform::may_conflict(t)) continue;
    ++checked;
    if (smt::decide_without_solver(t)) {
      ++proved;
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
  std::printf("checked %d: fast path proved %d, %d on small launches (%d by congruence in the thread id); %d racy on "
              "small launches\n",
              checked, proved, proved_small, modular, racy_small);
  EXPECT_GT(modular, 0);
  // Every outcome occurs often enough for the comparison to mean something.
  // (Of the traces checked, not of the seeds: a third of the shaped ones
  // wrap their indices now, and under the sanitizer's seed stride 13 plain
  // proofs of 196 checked traces sat exactly on a bound of seeds / 20.)
  EXPECT_GT(proved, checked / 20);
  EXPECT_GE(proved_small, proved);
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
