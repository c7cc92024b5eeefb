#include "smt/query.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>

#include "protocol/interpreter.hpp"
#include "smt/access_groups.hpp"
#include "smt/case_split.hpp"
#include "smt/encoder.hpp"
#include "smt/encoder_distribute.hpp"
#include "smt/fast_path.hpp"
#include "smt/z3_runtime.hpp"

namespace racecert::smt {

using namespace transform;
using protocol::AccessMode;

namespace {

constexpr int kRead = 0, kWrite = 1, kAtomic = 2, kAtomicBlock = 3;

int mode_code(AccessMode m) {
  switch (m) {
    case AccessMode::Read: return kRead;
    case AccessMode::Write: return kWrite;
    case AccessMode::Atomic: return kAtomic;
    case AccessMode::AtomicBlock: return kAtomicBlock;
  }
  return kRead;
}

// The formula of a trace, built once per Z3 context.
struct Formula {
  std::vector<z3::expr> constraints;
  z3::expr sel1, sel2;
  std::vector<AccessGroup> slots1, slots2;  // selector value -> group of accesses
  std::vector<z3::expr> idx1, idx2;
};

// Whether index equality is the byte rule for this trace: every access
// covers exactly one step of one common unit (proofs-ref/byte-ranges.md,
// Lemma 2). Then the query stays as it was before byte views, which the
// solver handles best.
bool uniform_view(const SymbolicTrace& t) {
  for (const auto& a : t.accesses)
    if (a.view.width != a.view.unit || a.view != t.accesses.front().view) return false;
  return true;
}

// Names of the byte-range variables of one thread.
std::string offset_var(bool first) { return first ? "offset@1" : "offset@2"; }
std::string width_var(bool first) { return first ? "width@1" : "width@2"; }

Formula build(z3::context& ctx, detail::Encoder& enc, const SymbolicTrace& t, const QueryOptions& o) {
  Formula f{{}, ctx.int_const("select@1"), ctx.int_const("select@2"), {}, {}, {}, {}};
  for (const auto& v : t.vars) enc.variable(v.name);
  for (const auto& a : t.assumptions) f.constraints.push_back(enc.encode(a));

  std::size_t dims = 0;
  for (const auto& a : t.accesses) dims = std::max(dims, a.index.size());
  std::vector<z3::expr>& idx2 = f.idx2;
  for (std::size_t d = 0; d < dims; ++d) {
    f.idx1.push_back(enc.variable("index@1." + std::to_string(d)));
    idx2.push_back(enc.variable("index@2." + std::to_string(d)));
  }
  // Mixed views: the last dimension is compared as byte ranges.
  bool bytes = dims > 0 && !uniform_view(t);
  z3::expr mode1 = ctx.int_const("mode@1"), mode2 = ctx.int_const("mode@2");
  z3::expr has1 = ctx.bool_const("valued@1"), has2 = ctx.bool_const("valued@2");
  z3::expr val1 = enc.variable("value@1"), val2 = enc.variable("value@2");
  // Lock-step warps: the site and the instruction of each thread's access.
  z3::expr site1 = ctx.int_const("site@1"), site2 = ctx.int_const("site@2");
  z3::expr instruction1 = ctx.int_const("instruction@1"), instruction2 = ctx.int_const("instruction@2");

  // Each thread performs one of its accesses (Example 5). The trace is
  // symmetric in its two threads (both run the same code under the same
  // assumptions), and a conflict involves a write or an atomic: so thread 1
  // may be taken to be the one that does not read. That halves the pairs.
  // Similar accesses are grouped (smt/access_groups.hpp).
  for (auto& g : group_accesses(t)) {
    if (g.thread == 1 && g.mode == AccessMode::Read) continue;
    bool first = g.thread == 1;
    std::vector<AccessGroup>& slots = first ? f.slots1 : f.slots2;
    z3::expr picked = (first ? f.sel1 : f.sel2) == ctx.int_val(static_cast<int>(slots.size()));
    std::vector<z3::expr>& idx = first ? f.idx1 : idx2;
    z3::expr body = enc.encode(g.guard) && (first ? mode1 : mode2) == ctx.int_val(mode_code(g.mode)) &&
                    (first ? has1 : has2) == ctx.bool_val(g.value != nullptr);
    for (std::size_t d = 0; d < g.index.size(); ++d) body = body && idx[d] == enc.encode(g.index[d]);
    if (bytes && g.index.size() == dims) {
      // offset = last index * unit (a constant: linear), width = a constant.
      using protocol::BinOp;
      protocol::Expr offset = protocol::binary(BinOp::Mul, g.index.back(), protocol::int_lit(g.view.unit));
      body = body && enc.encode(protocol::binary(BinOp::Eq, protocol::var(offset_var(first)), offset)) &&
             enc.variable(width_var(first)) == enc.number(g.view.width);
    }
    if (g.value) body = body && (first ? val1 : val2) == enc.encode(g.value);
    // The site and instruction of one member (lock-step warps only).
    auto member_place = [&](std::size_t m) {
      const TraceAccess& a = t.accesses.at(static_cast<std::size_t>(g.members.at(m)));
      return (first ? site1 : site2) == a.site && (first ? instruction1 : instruction2) == a.instruction;
    };
    if (t.lockstep && g.holes.empty()) body = body && member_place(0);
    if (!g.holes.empty()) {
      // The holes take the literals of one member.
      z3::expr member = ctx.int_const(("member!" + std::to_string(slots.size()) + (first ? "@1" : "@2")).c_str());
      body = body && member >= 0 && member < ctx.int_val(static_cast<int>(g.members.size()));
      for (std::size_t m = 0; m < g.members.size(); ++m) {
        z3::expr same = ctx.bool_val(true);
        for (std::size_t h = 0; h < g.holes.size(); ++h)
          same = same && enc.variable(g.holes[h]) == enc.number(g.values[m][h]);
        if (t.lockstep) same = same && z3::implies(picked, member_place(m));
        f.constraints.push_back(z3::implies(member == ctx.int_val(static_cast<int>(m)), same));
      }
    }
    f.constraints.push_back(z3::implies(picked, body));
    slots.push_back(std::move(g));
  }
  f.constraints.push_back(f.sel1 >= 0 && f.sel1 < ctx.int_val(static_cast<int>(f.slots1.size())));
  f.constraints.push_back(f.sel2 >= 0 && f.sel2 < ctx.int_val(static_cast<int>(f.slots2.size())));

  // Same location (protocol::same_location_bytes), conflicting modes (see
  // protocol::conflict). Under mixed views the leading indices are equal and
  // the byte ranges [offset, offset + width) of the last dimension overlap.
  std::size_t equal_dims = bytes ? dims - 1 : dims;
  for (std::size_t d = 0; d < equal_dims; ++d) f.constraints.push_back(f.idx1[d] == idx2[d]);
  if (bytes) {
    using protocol::BinOp;
    using protocol::var;
    auto starts_before_end = [](const std::string& o, const std::string& other_o, const std::string& other_w) {
      return protocol::binary(BinOp::Lt, var(o), protocol::binary(BinOp::Add, var(other_o), var(other_w)));
    };
    f.constraints.push_back(enc.encode(starts_before_end(offset_var(true), offset_var(false), width_var(false))));
    f.constraints.push_back(enc.encode(starts_before_end(offset_var(false), offset_var(true), width_var(true))));
  }
  z3::expr read = ctx.int_val(kRead), write = ctx.int_val(kWrite), atomic = ctx.int_val(kAtomic),
           atomic_block = ctx.int_val(kAtomicBlock);
  f.constraints.push_back(mode1 != read || mode2 != read);
  // Two atomics race only as a heterogeneous race (protocol::modes_conflict):
  // threads of different blocks, which only the cross-block trace has, and
  // one atomic scoped to its block.
  // Without block-scoped atomics the constraint is the plain one (the same
  // formula as before they existed, so the same witnesses).
  bool block_atomics = std::any_of(t.accesses.begin(), t.accesses.end(),
                                   [](const TraceAccess& a) { return a.mode == AccessMode::AtomicBlock; });
  if (!block_atomics) {
    f.constraints.push_back(mode1 != atomic || mode2 != atomic);
  } else {
    z3::expr atomic1 = mode1 == atomic || mode1 == atomic_block, atomic2 = mode2 == atomic || mode2 == atomic_block;
    z3::expr heterogeneous = ctx.bool_val(t.cross_block) && (mode1 == atomic_block || mode2 == atomic_block);
    f.constraints.push_back(!(atomic1 && atomic2) || heterogeneous);
  }
  if (!o.benign_writes_race) {
    // Two writes of one value are benign only over the same bytes: under
    // mixed views a char write of 1 inside an int write of 1 writes
    // different bytes.
    z3::expr same_bytes = ctx.bool_val(true);
    if (bytes)
      same_bytes = enc.variable(offset_var(true)) == enc.variable(offset_var(false)) &&
                   enc.variable(width_var(true)) == enc.variable(width_var(false));
    f.constraints.push_back(!(mode1 == write && mode2 == write && has1 && has2 && val1 == val2 && same_bytes));
  }
  if (t.lockstep) {
    // Two threads of one warp race only in one dynamic instruction, both
    // writing (a load and a store are two instructions, and every load of a
    // warp's instruction precedes its stores); the same site is the same
    // instruction only in the same iterations. An unknown position (-1) may
    // be any instruction.
    z3::expr same_warp = enc.encode(t.lockstep->same_warp);
    z3::expr same_instruction = instruction1 == instruction2 || instruction1 == -1 || instruction2 == -1;
    f.constraints.push_back(z3::implies(same_warp, mode1 == write && mode2 == write && same_instruction));
    for (const auto& [site, same] : t.lockstep->same_iteration)
      f.constraints.push_back(z3::implies(same_warp && site1 == site && site2 == site, enc.encode(same)));
  }
  return f;
}

void equalities(const protocol::Expr& e, protocol::Substitution& out) {
  using protocol::BinOp;
  using protocol::ExprNode;
  if (e->kind != ExprNode::Kind::Binary) return;
  if (e->binop == BinOp::And) {
    equalities(e->a, out);
    equalities(e->b, out);
  } else if (e->binop == BinOp::Eq) {
    if (e->a->kind == ExprNode::Kind::Var && e->b->kind == ExprNode::Kind::Int) out.emplace(e->a->name, e->b);
    if (e->b->kind == ExprNode::Kind::Var && e->a->kind == ExprNode::Kind::Int) out.emplace(e->b->name, e->a);
  }
}

// Witness variables in the order they are minimized: the uniform ones first
// (kernel parameters, dimensions), then loop variables, then thread 1, then
// thread 2. Those the assumptions fix to a constant (a launch's blockDim.x ==
// 256) are left out: they add the same amount to every witness's weight, and
// the binary search would spend its steps (each an unsat probe, the
// expensive kind) below that constant (issue 18).
std::vector<const TraceVar*> minimization_order(const SymbolicTrace& t) {
  protocol::Substitution fixed;
  for (const auto& a : t.assumptions) equalities(a, fixed);
  std::vector<const TraceVar*> out;
  for (int pass = 0; pass < 4; ++pass) {
    for (const auto& v : t.vars) {
      if (fixed.count(v.name)) continue;
      bool take = false;
      switch (pass) {
        case 0: take = v.thread == 0 && v.builtin; break;
        case 1: take = v.thread == 0 && !v.builtin; break;
        case 2: take = v.thread == 1; break;
        case 3: take = v.thread == 2; break;
      }
      if (take) out.push_back(&v);
    }
  }
  return out;
}

void read_model(const z3::model& m, detail::Encoder& enc, const SymbolicTrace& t, const Formula& f,
                QueryResult& r) {
  r.model.clear();
  r.index.clear();
  for (const auto& v : t.vars) r.model.emplace_back(v.name, enc.value(m, enc.variable(v.name)));
  auto chosen = [&](const z3::expr& sel, const std::vector<AccessGroup>& slots, const char* thread) {
    std::size_t slot = static_cast<std::size_t>(m.eval(sel, true).get_numeral_int64());
    const AccessGroup& g = slots.at(slot);
    std::size_t member = 0;
    if (!g.holes.empty()) {
      z3::expr v = sel.ctx().int_const(("member!" + std::to_string(slot) + thread).c_str());
      member = static_cast<std::size_t>(m.eval(v, true).get_numeral_int64());
    }
    return g.members.at(member);
  };
  r.first = chosen(f.sel1, f.slots1, "@1");
  r.second = chosen(f.sel2, f.slots2, "@2");
  for (const auto& x : f.idx1) r.index.push_back(enc.value(m, x));
  r.second_index.clear();
  for (const auto& x : f.idx2) r.second_index.push_back(enc.value(m, x));
}

// Z3 resource units of one witness-minimization step. Counted, not timed,
// so that the witness of a kernel is the same on every machine and under
// any load. Over the racy kernels of datasets/kernels, 93 % of the steps
// took under 20,000 units, together a fifth of the minimization time; the
// rest took 20,000 to 1,000,000 units (up to the old 100 ms wall-clock cap
// per step). A step past this budget is taken as a floor (see minimize),
// at worst a larger but still real witness. The 208 racy files ran 13.1 s
// when the third such step ended the search, 10.9 s with the second (10.5
// s with 10,000 units, but 43 of 279 tiny random traces then end without
// a proved minimum, against 16: tests/smt/witness_minimization_test.cpp).
constexpr unsigned kMinimizeStepUnits = 20000;

// Small witnesses read like the paper's (fewest threads, smallest
// parameters): a search on a weighted sum of absolute values, with the
// incremental solver (much cheaper than z3::optimize here). Then, among the
// smallest witnesses, the pair of accesses first in the trace's order: which
// two accesses race is part of the report, and Z3's choice among equal
// models depends on its hash tables, which follow the process's addresses
// (ASLR), so without this pin the same kernel could be reported with a
// write-write race in one run and a write-read race in the next.
//
// The search (issue 18):
// - the bound is linear: each |x| is a fresh m with m >= x and m >= -x (the
//   sum of the m can be <= B exactly when the sum of the |x| can), so a
//   probe is pure linear arithmetic where ite(x >= 0, x, -x) made Z3 split
//   cases;
// - it gallops up from 0 (bounds 0, 2, 6, 14, ...) until the first sat
//   probe, then halves: Z3's first model often sums to 2^32 while the
//   minimum is a few units, and the probes from above were a dozen
//   satisfiable checks before the two that matter. The probe of bound 0 is
//   unsat whenever the threads' ids are minimized (they differ), but it is
//   kept: starting at 1 saved no time on the datasets' racy kernels, and
//   without the lemmas Z3 learns from it the next probes ran out of their
//   units more often, leaving heavier witnesses (issue 18);
// - a step that runs out of its units is taken as unsat (the minimum is
//   assumed above it): the search goes on by halving from above, and stops
//   at the second such step, or at once when it was the first probe.
// Best effort: the last real model found stands when a step times out on
// the clock (a slow machine's safety net) or, linearized, finds a model
// whose products are not real.
//
// Integer queries only. In 64-bit bit-vectors each probe bit-blasts the
// weighted sum of 64-bit magnitudes: on every racy bit-vector query of
// datasets/kernels (11, the GPUVerify testsuite has none) the first probe
// ran out of its units and the search ended with Z3's first model, after
// spending a fifth of the kernel's time (issue 18). Such a witness is real,
// but neither minimal nor pinned to the first pair.
void minimize(z3::context& ctx, z3::solver& s, detail::Encoder& enc, const SymbolicTrace& t, const Formula& f,
              const QueryOptions& o, const Deadline& query_deadline, QueryResult& r) {
  r.witness_minimal = false;
  // The model first: asserting the magnitudes' bounds below drops it.
  z3::model best = s.get_model();
  // The sums are n-ary: a chain of binary additions is as deep as it is
  // long, and deleting a Z3 4.8.12 context costs a pass over its term table
  // per level of its deepest term (0.27 ms a level: 11 ms for a chain of
  // 40; issue 18).
  z3::expr_vector terms(ctx), bounds(ctx);
  terms.push_back(ctx.int_val(0));
  bounds.push_back(ctx.int_val(0));
  int k = 0;
  for (const TraceVar* v : minimization_order(t)) {
    z3::expr w = ctx.int_val(v->thread == 0 ? 4 : 1);
    z3::expr x = enc.variable(v->name);
    terms.push_back(w * enc.magnitude(x));
    z3::expr m = ctx.int_const(("magnitude!" + std::to_string(k++)).c_str());
    s.add(m >= x && m >= -x);
    bounds.push_back(w * m);
  }
  z3::expr total = z3::sum(terms), bound = z3::sum(bounds);
  z3::expr pair = f.sel1 * ctx.int_val(static_cast<std::int64_t>(f.slots2.size()) + 1) + f.sel2;
  // A small witness is a convenience: besides each step's units, the whole
  // search gets a fixed time, and each step a tenth of the query's limit, so
  // that a slow machine still ends it.
  Deadline budget = Deadline::after(std::chrono::milliseconds(std::min(500u, o.timeout_ms / 4))).min(query_deadline);
  auto step_limit = std::chrono::milliseconds(std::max(1u, std::min(100u, o.timeout_ms / 10)));
  unsigned step_units = o.rlimit > 0 ? std::min(o.rlimit, kMinimizeStepUnits) : kMinimizeStepUnits;
  // Lowers `objective` (non-negative) from its value in `best`, probing
  // `bounded` (the same values, or a linear stand-in); returns whether it
  // reached the minimum (or its floor), and leaves the bound it found
  // asserted (so that a later objective keeps it).
  int floors = 0;  // steps taken as floors: the minimum found may be above the real one
  auto shrink = [&](const z3::expr& objective, const z3::expr& bounded) {
    std::int64_t lo = 0, hi = 0;
    if (!best.eval(objective, true).is_numeral_i64(hi)) return false;  // huge values: keep them
    int unknowns = 0;
    bool below = true;  // no probe was sat yet: gallop up from 0
    for (int step = 0; lo < hi && step < 64 && !budget.expired(); ++step) {
      std::int64_t mid = lo + (hi - lo) / 2;
      if (below) mid = std::min(mid, 2 * lo);
      s.push();
      s.add(bounded <= ctx.int_val(mid));
      detail::LimitedResult checked = detail::limited_check(s, Deadline::after(step_limit).min(budget), step_units);
      z3::check_result c = checked.result;
      bool stop = false;
      if (c == z3::unknown) {
        // Too hard within the step's units: take mid as a floor and go on
        // above it, once. Not when the probe of bound 0 (every variable
        // pinned) is: a looser bound has not been easier on any dataset
        // kernel (7 of the 170 racy ones, 5 of them among the slowest
        // twentieth relative to clang; issue 18).
        lo = mid + 1;
        below = false;
        ++floors;
        stop = checked.timed_out || ++unknowns > 1 || mid == 0;
      }
      if (c == z3::sat) {
        z3::model m = s.get_model();
        std::int64_t value = 0;
        if (enc.model_is_exact(m) && m.eval(objective, true).is_numeral_i64(value)) {
          best = m;
          hi = value;
          below = false;
        } else {
          stop = true;
        }
      } else if (c == z3::unsat) {
        lo = mid + 1;
      }
      s.pop();
      if (stop) return false;
    }
    if (lo < hi) return false;
    s.add(bounded <= ctx.int_val(hi));
    return true;
  };
  try {
    bool reached = shrink(total, bound);
    bool least = reached && floors == 0;
    if (reached) shrink(pair, pair);
    // Read into a copy: the watchdog repeats its interrupt until a step's
    // guard ends, so one can land after the step returned and make the next
    // call into Z3 (this read included) throw "canceled".
    QueryResult smaller = r;
    read_model(best, enc, t, f, smaller);
    smaller.witness_minimal = least;
    r = std::move(smaller);
  } catch (const z3::exception&) {
    // An interrupted step: r keeps the witness read before minimizing (the
    // race itself was already shown).
  }
}

// One attempt at the query in the given arithmetic. Returns whether it
// decided; when it did not, r.reason says why.
bool attempt(z3::context& ctx, const SymbolicTrace& t, const QueryOptions& o, detail::Domain domain,
             detail::Products products, detail::Strategy strategy, const Deadline& deadline, QueryResult& r) {
  detail::Encoder enc(ctx, domain, products);
  Formula f = build(ctx, enc, t, o);
  z3::solver s = detail::make_solver(ctx, domain, products, strategy);
  for (const auto& c : f.constraints) s.add(c);
  for (const auto& c : enc.side_constraints()) s.add(c);
  detail::LimitedResult checked = detail::limited_check(s, deadline, o.rlimit);
  switch (checked.result) {
    case z3::unsat:
      r.status = QueryStatus::Drf;
      return true;
    case z3::sat:
      try {
        if (!enc.model_is_exact(s.get_model())) {
          r.reason = "linear abstraction of products is not precise enough";
          return false;
        }
        r.status = QueryStatus::Racy;
        read_model(s.get_model(), enc, t, f, r);
      } catch (const z3::exception&) {
        // An interrupt that lands just as the check returns sat can leave
        // Z3 without a model ("there is no current model"): this attempt's
        // deadline did it (it may be a slice of the query's), not an error.
        if (!deadline.expired()) throw;
        r.status = QueryStatus::Unknown;
        r.reason = "timeout";
        r.timed_out = true;
        return false;
      }
      // Integers only (see minimize).
      if (o.minimize_witness && !enc.bitvectors()) minimize(ctx, s, enc, t, f, o, deadline, r);
      return true;
    case z3::unknown:
      r.reason = checked.reason;
      r.timed_out = checked.timed_out;
      return false;
  }
  return false;
}

}  // namespace

bool needs_bitvectors(const SymbolicTrace& t, std::string* why) {
  for (const auto& a : t.assumptions)
    if (detail::needs_bitvectors(a, why)) return true;
  if (t.lockstep && detail::needs_bitvectors(t.lockstep->same_warp, why)) return true;
  for (const auto& a : t.accesses) {
    if (detail::needs_bitvectors(a.guard, why) || detail::needs_bitvectors(a.value, why)) return true;
    for (const auto& i : a.index)
      if (detail::needs_bitvectors(i, why)) return true;
  }
  return false;
}

namespace {

// Variables the assumptions fix to a constant (blockDim.x == 64, a
// parameter required to be 64) are replaced by it everywhere: products with
// them become linear, and the bit-vector/nonlinear fallbacks are rarely needed.
SymbolicTrace propagate_constants(const SymbolicTrace& t) {
  protocol::Substitution fixed;
  for (const auto& a : t.assumptions) equalities(a, fixed);
  if (fixed.empty()) return t;
  SymbolicTrace out = t;
  for (auto& a : out.assumptions) a = protocol::substitute(a, fixed);
  for (const auto& [v, c] : fixed) out.assumptions.push_back(protocol::binary(protocol::BinOp::Eq, protocol::var(v), c));
  for (auto& a : out.accesses) {
    a.guard = protocol::substitute(a.guard, fixed);
    for (auto& i : a.index) i = protocol::substitute(i, fixed);
    if (a.value) a.value = protocol::substitute(a.value, fixed);
  }
  if (out.lockstep) {
    out.lockstep->same_warp = protocol::substitute(out.lockstep->same_warp, fixed);
    for (auto& [site, same] : out.lockstep->same_iteration) same = protocol::substitute(same, fixed);
  }
  return out;
}

// Integer queries: the products in each index gathered by shared factor
// (smt/encoder_distribute.hpp), an equivalence.
SymbolicTrace gather_products(SymbolicTrace t) {
  for (auto& a : t.accesses)
    for (auto& i : a.index) i = detail::distribute_products(i);
  return t;
}

// Z3 resource units the plain core may spend before the preprocessed solver
// takes over: about a fifth of the query's time limit, at the rate Z3 4.8.12
// counts on the mod-2^32 queries of issue 18 (about 650 units per ms on an
// idle core; 500 leaves room for a slower machine). From the option, not
// from the time left: the same query gets the same budget on every run.
unsigned core_rlimit(unsigned timeout_ms) {
  constexpr long long kUnitsPerMs = 500;
  long long units = std::max(1LL, static_cast<long long>(timeout_ms) / 5) * kUnitsPerMs;
  return static_cast<unsigned>(std::min<long long>(units, std::numeric_limits<unsigned>::max()));
}

// The query with real products: first the plain core with its own
// nonlinear arithmetic, within a resource budget (a fixed count, so that
// which solver answers does not depend on the load), then Z3's QF_NIA
// tactic with the time left. The core answers the easy products in a few
// ms, where the tactic alone took 0.2 to 2.4 s (issue 18). Its budget is a
// sixteenth of the linear core's (62,500 units at the default 10 s): over
// datasets/kernels it decided 27 of 30 satisfiable queries and 22 of 32
// unsatisfiable ones within it (3,500 to 60,000 units); beyond, it wanders
// (395,806 units, 1.8 s, for a model the tactic finds in 0.2 s), and the
// 22 files that reach real products took 6.3 s of CPU with this budget,
// 8.7 s with the linear core's, 10.1 s with a fiftieth (docs/benchmarks.md).
bool attempt_real_products(z3::context& ctx, const SymbolicTrace& t, const QueryOptions& o, detail::Domain domain,
                           const Deadline& deadline, QueryResult& r) {
  using detail::Products;
  using detail::Strategy;
  if (domain != detail::Domain::Integer) return attempt(ctx, t, o, domain, Products::Real, Strategy::Core, deadline, r);
  QueryOptions core_options = o;
  if (o.rlimit == 0 && !deadline.is_never()) core_options.rlimit = std::max(1u, core_rlimit(o.timeout_ms) / 16);
  if (attempt(ctx, t, core_options, domain, Products::Real, Strategy::NonlinearCore, deadline, r)) return true;
  if (r.timed_out) return false;
  if (deadline.expired()) {
    // The time ran out before the tactic's turn: a timeout, whatever
    // stopped the core.
    r.timed_out = true;
    r.reason = "timeout";
    return false;
  }
  return attempt(ctx, t, o, domain, Products::Real, Strategy::Core, deadline, r);
}

// The query on the calling thread: both attempts and the witness end by `deadline`.
QueryResult solve_here(const SymbolicTrace& given, const QueryOptions& o, const Deadline& deadline) {
  QueryResult r;
  r.status = QueryStatus::Unknown;
  try {
    SymbolicTrace t = propagate_constants(given);
    r.bitvectors = needs_bitvectors(t, &r.logic_reason);
    if (!r.bitvectors) t = gather_products(std::move(t));
    auto domain = r.bitvectors ? detail::Domain::BitVector : detail::Domain::Integer;
    using detail::Products;
    using detail::Strategy;
    // The plain core first, with a fifth of the time; when that runs out,
    // the preprocessed solver in a fresh context (no interrupt left over)
    // with the rest. Both answer the same formula: only speed differs. The
    // core's fifth is counted in Z3's resource units, not on the clock, so
    // that which solver answers does not depend on the machine's load
    // (issue 18); under a user's --rlimit the core has all the time.
    QueryOptions core_options = o;
    bool core_sliced = o.rlimit == 0 && !deadline.is_never();
    if (core_sliced) core_options.rlimit = core_rlimit(o.timeout_ms);
    bool decided = attempt(detail::thread_context(), t, core_options, domain, Products::Linearized,
                           Strategy::Core, deadline, r);
    bool core_ran_out = r.timed_out || (core_sliced && r.reason == detail::kOutOfRlimit);
    if (!decided && core_ran_out && !deadline.expired()) {
      r.timed_out = false;
      detail::ContextPtr fresh = detail::make_context();
      decided = attempt(*fresh, t, o, domain, Products::Linearized, Strategy::Preprocessed, deadline, r);
    }
    if (!decided && !deadline.expired()) {
      // A uniform variable with a few values: one linear query per value,
      // each with an equal share of the time left. Racy when one case is,
      // DRF when all are; otherwise on to real products (if time is left).
      if (auto split = small_domain(t)) {
        std::size_t drf_cases = 0;
        // One context for the cases, one after another in a fixed order,
        // while each ends within its share: a context costs about 2 ms to
        // make and 1 ms to delete, often more than a case (8 cases for s in
        // a halving loop; issue 18). A case cut off by its share may leave
        // an interrupt behind: the next case then gets a fresh context.
        detail::ContextPtr case_context;
        for (std::size_t i = 0; i < split->values.size() && !deadline.expired(); ++i) {
          SymbolicTrace c = given;
          c.assumptions.push_back(protocol::binary(protocol::BinOp::Eq, protocol::var(split->var),
                                                   protocol::int_lit(split->values[i])));
          c = propagate_constants(c);
          auto left = deadline.when() - Clock::now();
          Deadline share = Deadline::at(Clock::now() + left / static_cast<long>(split->values.size() - i));
          QueryResult cr;
          cr.bitvectors = needs_bitvectors(c, &cr.logic_reason);
          auto case_domain = cr.bitvectors ? detail::Domain::BitVector : detail::Domain::Integer;
          if (!cr.bitvectors) c = gather_products(std::move(c));
          if (!case_context) case_context = detail::make_context();
          bool case_decided = attempt(*case_context, c, o, case_domain, Products::Linearized, Strategy::Core,
                                      share, cr);
          if (!case_decided && !cr.timed_out)
            case_decided = attempt_real_products(*case_context, c, o, case_domain, share, cr);
          if (!case_decided || cr.status == QueryStatus::Racy) {
            if (case_decided) r = cr, decided = true;
            break;
          }
          ++drf_cases;
          if (share.expired()) case_context.reset();
        }
        if (drf_cases == split->values.size()) r.status = QueryStatus::Drf, decided = true;
      }
      if (!decided) r.timed_out = deadline.expired();
    }
    if (!decided && !r.timed_out) {
      // Products the lemmas do not pin down: ask again with real products,
      // in a fresh context. Not the thread's: it may be shared with the
      // queries before this one (QueryContext), and a nonlinear search took
      // 0.5 s in a fresh context and 5.6 s in one that had answered 8 small
      // queries before (launch-dims/row-reads-y-no-launch-racy.cu, issue 18).
      detail::ContextPtr fresh = detail::make_context();
      attempt_real_products(*fresh, t, o, domain, deadline, r);
    }
  } catch (const z3::exception& e) {
    r.status = QueryStatus::Unknown;
    r.reason = std::string("solver error: ") + e.msg();
    // An interrupt that lands just as a check returns sat can leave Z3
    // without a model ("there is no current model"): that is the deadline's
    // doing, not a solver error.
    if (deadline.expired()) r.timed_out = true;
  }
  if (r.status != QueryStatus::Unknown) {
    r.reason.clear();
    r.timed_out = false;
  }
  return r;
}

}  // namespace

QueryContext::QueryContext() = default;
QueryContext::~QueryContext() = default;

std::shared_ptr<detail::SharedContext> QueryContext::take() {
  if (!shared_ || shared_->spoiled) shared_ = std::make_shared<detail::SharedContext>();
  return shared_;
}

void QueryContext::give_back(std::shared_ptr<detail::SharedContext> used, bool clean) {
  if (!clean || used->spoiled) shared_.reset();
}

namespace {

// The solver's formula needs what each write writes (two writes of one
// value do not race): a trace made for the fast paths alone lacks it.
void require_values(const SymbolicTrace& t) {
  if (t.values == WrittenValues::LeftOut)
    throw std::logic_error("smt: the trace of " + t.array + " (" + t.phase +
                           ") was made without its written values, which the solver needs");
}

}  // namespace

std::optional<QueryResult> solve_without_solver(const SymbolicTrace& t, const QueryOptions& o) {
  if (!o.fast_paths) return std::nullopt;
  auto start = Clock::now();
  auto why = decide_without_solver(t);
  if (!why) return std::nullopt;
  QueryResult r;
  r.status = QueryStatus::Drf;
  r.fast_path = std::move(*why);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

QueryResult solve(const SymbolicTrace& given, const QueryOptions& o, QueryContext* shared) {
  if (auto decided = solve_without_solver(given, o)) return std::move(*decided);
  require_values(given);
  auto start = Clock::now();
  Deadline deadline = Deadline::after(std::chrono::milliseconds(o.timeout_ms)).min(o.deadline);
  auto result = std::make_shared<QueryResult>();
  auto context = shared ? shared->take() : nullptr;
  bool finished = detail::run_bounded(
      deadline, [result, given, o, deadline] { *result = solve_here(given, o, deadline); }, context);
  QueryResult r = finished ? *result : QueryResult{};
  if (shared) shared->give_back(std::move(context), finished && r.status != QueryStatus::Unknown);
  if (!finished) r.timed_out = true;  // Z3 ignored the interrupts: its thread was left to finish alone
  if (r.timed_out) {
    bool kernel_limit = !o.deadline.is_never() && o.deadline.when() <= start + std::chrono::milliseconds(o.timeout_ms);
    r.reason = kernel_limit ? "the kernel's time limit was reached"
                            : "timeout after " + std::to_string(o.timeout_ms) + " ms";
  }
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

std::string to_smtlib(const SymbolicTrace& given, const QueryOptions& o) {
  // The formula as solve() first asks it: constants propagated, products
  // linearized (mul! variables with their lemmas).
  require_values(given);
  SymbolicTrace t = propagate_constants(given);
  std::string why;
  bool bv = needs_bitvectors(t, &why);
  if (!bv) t = gather_products(std::move(t));
  z3::context& ctx = detail::thread_context();
  detail::Encoder enc(ctx, bv ? detail::Domain::BitVector : detail::Domain::Integer, detail::Products::Linearized);
  Formula f = build(ctx, enc, t, o);
  z3::solver s(ctx);
  for (const auto& c : f.constraints) s.add(c);
  for (const auto& c : enc.side_constraints()) s.add(c);
  std::string header = "; race query for " + t.array + ", " + t.phase + "\n";
  if (!may_conflict(given)) header += "; not asked: no access of one thread conflicts with one of the other by mode\n";
  else if (auto why = o.fast_paths ? decide_without_solver(given) : std::nullopt)
    header += "; not asked: race-free without the solver (" + *why + ")\n";
  header += bv ? "; logic: 64-bit bit-vectors (no overflow), because of " + why + "\n" : "; logic: integers\n";
  return header + s.to_smt2();
}

}  // namespace racecert::smt
