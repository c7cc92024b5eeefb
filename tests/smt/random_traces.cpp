#include "tests/smt/random_traces.hpp"

#include <cstdlib>
#include <functional>
#include <set>

#include "protocol/interpreter.hpp"

namespace racecert::testkit {

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

// The brute force's bounds of one variable: what `brute_force` enumerates
// and `bounded` assumes.
struct SmallRange {
  std::int64_t lo = 0, hi = 2;
};
SmallRange small_range(const TraceVar& x) {
  if (x.source.rfind("blockDim", 0) == 0) return {1, 3};
  if (x.source.rfind("gridDim", 0) == 0) return {1, 2};
  if (x.source.rfind("blockIdx", 0) == 0) return {0, 1};
  return {0, 2};
}

expr::Env lookup_in(const Assignment& a) {
  return [&a](const std::string& n) -> std::optional<std::int64_t> {
    auto it = a.find(n);
    return it == a.end() ? std::nullopt : std::optional<std::int64_t>(it->second);
  };
}

std::int64_t weight_of(const TraceVar& x) { return x.thread == 0 ? 4 : 1; }

}  // namespace

std::string TraceBuilder::id(const std::string& base, int thread) const {
  bool per_thread = base.rfind("threadIdx", 0) == 0 || (cross && base.rfind("blockIdx", 0) == 0) || base == "i";
  return per_thread ? base + "@" + std::to_string(thread) : base;
}

TraceBuilder::TraceBuilder(bool cross_block) : cross(cross_block) {
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

void TraceBuilder::access(AccessMode m, const std::vector<Expr>& index, const Expr& guard) {
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

bool satisfies_assumptions(const SymbolicTrace& t, const Assignment& a) {
  expr::Env lookup = lookup_in(a);
  for (const auto& x : t.assumptions)
    if (!expr::eval_bool(x, lookup)) return false;
  return true;
}

bool is_race(const SymbolicTrace& t, const Assignment& env) {
  expr::Env lookup = lookup_in(env);
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

std::int64_t witness_weight(const SymbolicTrace& t, const Assignment& a) {
  std::int64_t sum = 0;
  for (const auto& x : t.vars) sum += weight_of(x) * std::llabs(a.at(x.name));
  return sum;
}

BruteForce brute_force(const SymbolicTrace& t, BruteForceGoal goal) {
  std::vector<const TraceVar*> vars;
  for (const auto& x : t.vars) vars.push_back(&x);
  // Each assumption is checked as soon as its variables are all assigned.
  std::vector<std::vector<Expr>> due(vars.size());
  for (const auto& a : t.assumptions) {
    std::set<std::string> used = free_vars(a);
    std::size_t last = 0;
    for (std::size_t k = 0; k < vars.size(); ++k)
      if (used.count(vars[k]->name)) last = k;
    due[last].push_back(a);
  }
  BruteForce out;
  Assignment env;
  expr::Env lookup = lookup_in(env);
  // Returns whether to stop. `weight`: that of the variables assigned so
  // far, which only grows (weights are non-negative): once it reaches the
  // lightest race found, no extension can be lighter.
  std::function<bool(std::size_t, std::int64_t)> go = [&](std::size_t k, std::int64_t weight) -> bool {
    if (k == vars.size()) {
      if (!is_race(t, env)) return false;
      out.racy = true;
      if (goal == BruteForceGoal::AnyRace) return true;
      out.min_weight = weight;
      out.lightest = env;
      return false;
    }
    const TraceVar& x = *vars[k];
    SmallRange r = small_range(x);
    for (std::int64_t value = r.lo; value <= r.hi; ++value) {
      std::int64_t heavier = weight + weight_of(x) * std::llabs(value);
      if (out.min_weight && heavier >= *out.min_weight) continue;
      env[x.name] = value;
      bool ok = true;
      for (const auto& a : due[k]) ok = ok && expr::eval_bool(a, lookup);
      if (ok && go(k + 1, heavier)) return true;
    }
    env.erase(x.name);
    return false;
  };
  go(0, 0);
  return out;
}

SymbolicTrace bounded(SymbolicTrace t) {
  for (const auto& x : t.vars) {
    SmallRange r = small_range(x);
    t.assumptions.push_back(le(v(x.name), lit(r.hi)));
    // The builtins' lower bounds are assumptions of the trace already.
    if (!x.builtin) t.assumptions.push_back(le(lit(r.lo), v(x.name)));
  }
  return t;
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
  // A block's stride: blockDim.x (a product while the launch leaves it
  // free), a constant, or a row of another id or the parameter.
  static const char* rows[] = {"blockIdx.x", "blockIdx.x", "threadIdx.y", "N"};
  if (pick(2) == 0)
    shape = shape + (pick(2) == 0 ? lit(pick(3) == 0 ? 2 : 1) * v(rows[pick(4)]) * v("blockDim.x")
                                  : lit(pick(9)) * v("blockIdx.x"));
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

}  // namespace racecert::testkit
