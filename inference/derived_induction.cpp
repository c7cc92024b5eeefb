#include "inference/derived_induction.hpp"

#include <cstdlib>

#include "protocol/loop_domain.hpp"
#include "support/overloaded.hpp"

namespace racecert::inference {

using namespace racecert::expr;
namespace P = racecert::protocol;

namespace {

// Iterations told apart by the loop variable's value: as many as
// protocol::loop_domain enumerates for a factor of 2 (values up to 2^33);
// later ones get the unknown.
constexpr int kMaxIterations = 34;
constexpr std::int64_t kLimit = std::int64_t{1} << 33;

// c^j, when it stays within kLimit in absolute value.
std::optional<std::int64_t> power(std::int64_t c, int j) {
  std::int64_t p = 1;
  for (int i = 0; i < j; ++i) {
    if (c != 0 && std::llabs(p) > kLimit / std::llabs(c)) return std::nullopt;
    p *= c;
  }
  return p;
}

bool geometric(const P::Loop& l) { return l.update != P::LoopUpdate::Add && l.update != P::LoopUpdate::Sub; }

// The loop variable's value in iteration j (j = 0 is init), for constant
// steps and factors; what protocol::loop_domain enumerates.
std::optional<Expr> induction_at(const P::Loop& l, int j) {
  auto s = as_int(l.step);
  if (!s) return std::nullopt;
  switch (l.update) {
    case P::LoopUpdate::Add:
    case P::LoopUpdate::Sub:
      if (*s <= 0 || *s > kLimit) return std::nullopt;
      return l.update == P::LoopUpdate::Add ? l.init + int_lit(*s * j) : l.init - int_lit(*s * j);
    case P::LoopUpdate::Mul:
    case P::LoopUpdate::Div: {
      if (*s < 2) return std::nullopt;
      auto p = power(*s, j);
      if (!p) return std::nullopt;
      return l.update == P::LoopUpdate::Mul ? l.init * int_lit(*p) : binary(BinOp::Div, l.init, int_lit(*p));
    }
    case P::LoopUpdate::Shl:
    case P::LoopUpdate::Shr:
      if (*s < 1 || *s * j > 33) return std::nullopt;
      return l.update == P::LoopUpdate::Shl ? l.init * int_lit(std::int64_t{1} << (*s * j))
                                            : binary(BinOp::Shr, l.init, int_lit(*s * j));
  }
  return std::nullopt;
}

// How far an additive variable moves in `iterations` iterations.
Expr moved(const DerivedUpdate& u, const Expr& iterations) {
  if (u.step) return u.step * iterations;
  if (auto n = as_int(iterations)) return int_lit(u.c * *n);
  return int_lit(u.c) * iterations;
}

Expr rewrap(const DerivedUpdate& u, Expr v) { return u.wrap ? wrap(std::move(v), u.wrap->bits, u.wrap->is_signed) : v; }

// The derived variable's value at the start of iteration j (after j updates).
std::optional<Expr> derived_at(const DerivedUpdate& u, const Expr& v0, int j) {
  if (j == 0) return v0;  // not wrapped yet: v0 may lie outside the wrap's range
  switch (u.op) {
    case BinOp::Add: return rewrap(u, v0 + moved(u, int_lit(j)));
    case BinOp::Sub: return rewrap(u, v0 - moved(u, int_lit(j)));
    case BinOp::Mul: {
      auto p = power(u.c, j);
      if (!p) return std::nullopt;
      return rewrap(u, v0 * int_lit(*p));
    }
    case BinOp::Shl:
      if (u.c * j > 33) return std::nullopt;
      return rewrap(u, v0 * int_lit(std::int64_t{1} << (u.c * j)));
    case BinOp::Div: {  // truncating twice is truncating once (c >= 1)
      auto p = power(u.c, j);
      if (!p) return std::nullopt;
      return binary(BinOp::Div, v0, int_lit(*p));
    }
    case BinOp::Shr:  // a floor, and floors compose
      if (u.c * j > 62) return std::nullopt;
      return binary(BinOp::Shr, v0, int_lit(u.c * j));
    default: return std::nullopt;
  }
}

// `v = v OP c` (maybe wrapped), with the constant in range for the closed
// forms, or `v = v +- e` with e free of the variables the loop assigns.
std::optional<DerivedUpdate> as_update(const kir::Assign& a, const std::set<std::string>& assigned) {
  if (!a.value) return std::nullopt;
  Expr e = a.value;
  std::optional<Wrap> w = as_wrap(e);
  if (w) e = w->value;
  if (e->kind != ExprNode::Kind::Binary) return std::nullopt;
  auto is_v = [&](const Expr& x) { return x->kind == ExprNode::Kind::Var && x->name == a.var; };
  std::optional<std::int64_t> c;
  switch (e->binop) {
    case BinOp::Add:
    case BinOp::Mul:
      if (is_v(e->a)) c = as_int(e->b);
      else if (is_v(e->b)) c = as_int(e->a);
      break;
    case BinOp::Sub:
    case BinOp::Shl:
    case BinOp::Div:
    case BinOp::Shr:
      if (is_v(e->a)) c = as_int(e->b);
      break;
    default: return std::nullopt;
  }
  if (!c && (e->binop == BinOp::Add || e->binop == BinOp::Sub)) {
    Expr other = is_v(e->a) ? e->b : e->a;
    if (e->binop == BinOp::Sub && !is_v(e->a)) return std::nullopt;
    for (const auto& v : free_vars(other))
      if (assigned.count(v)) return std::nullopt;
    DerivedUpdate u{a.var, e->binop, 0, w, nullptr};
    u.step = other;
    return u;
  }
  if (!c) return std::nullopt;
  bool ok = true;
  switch (e->binop) {
    case BinOp::Add:
    case BinOp::Sub: ok = std::llabs(*c) <= (std::int64_t{1} << 32); break;
    case BinOp::Mul: break;
    case BinOp::Shl: ok = *c >= 0 && *c <= 32; break;
    // A division never needs a wrap: one here is not the front end's usual form.
    case BinOp::Div: ok = *c >= 1 && !w; break;
    case BinOp::Shr: ok = *c >= 0 && *c <= 32 && !w; break;
    default: ok = false;
  }
  if (!ok) return std::nullopt;
  return DerivedUpdate{a.var, e->binop, *c, w, nullptr};
}

// ite(c0, v0, ite(c1, v1, ... otherwise)).
Expr chain(const std::vector<std::pair<Expr, Expr>>& cases, const Expr& otherwise) {
  Expr r = otherwise;
  for (auto it = cases.rbegin(); it != cases.rend(); ++it) r = ite(it->first, it->second, r);
  return r;
}

// A break, continue or return anywhere in b (nested loops included, to keep
// it simple). Inference runs after jump elimination, which leaves none; a
// caller that did not must not get derived variables that a jump skips.
bool has_jump(const kir::Block& b) {
  for (const auto& s : b) {
    bool jump = std::visit(Overloaded{[](const kir::Break&) { return true; }, [](const kir::Continue&) { return true; },
                                      [](const kir::Return&) { return true; },
                                      [](const kir::If& i) { return has_jump(i.then_body) || has_jump(i.else_body); },
                                      [](const kir::Loop& l) { return has_jump(l.body) || has_jump(l.update); },
                                      // Not jumps and nothing nested:
                                      [](const kir::Assign&) { return false; }, [](const kir::Load&) { return false; },
                                      [](const kir::Store&) { return false; }, [](const kir::Atomic&) { return false; },
                                      [](const kir::Barrier&) { return false; }, [](const kir::Fence&) { return false; },
                                      [](const kir::Assert&) { return false; }, [](const kir::Assume&) { return false; },
                                      [](const kir::Unsupported&) { return false; }},
                           s.node);
    if (jump) return true;
  }
  return false;
}

}  // namespace

int count_assignments(const kir::Block& b, const std::string& v) {
  int n = 0;
  for (const auto& s : b) {
    n += std::visit(Overloaded{[&](const kir::Assign& a) { return a.var == v ? 1 : 0; },
                               [&](const kir::Load& l) { return l.var == v ? 1 : 0; },
                               [&](const kir::Atomic& a) { return a.var == v ? 1 : 0; },
                               [&](const kir::Barrier& br) { return br.var == v ? 1 : 0; },  // __syncthreads_count
                               [&](const kir::If& i) {
                                 return count_assignments(i.then_body, v) + count_assignments(i.else_body, v);
                               },
                               [&](const kir::Loop& l) {
                                 return count_assignments(l.init, v) + count_assignments(l.body, v) +
                                        count_assignments(l.update, v);
                               },
                               // Assign nothing:
                               [](const kir::Store&) { return 0; }, [](const kir::Fence&) { return 0; },
                               [](const kir::Break&) { return 0; }, [](const kir::Continue&) { return 0; },
                               [](const kir::Return&) { return 0; }, [](const kir::Assert&) { return 0; },
                               [](const kir::Assume&) { return 0; }, [](const kir::Unsupported&) { return 0; }},
                    s.node);
  }
  return n;
}

std::vector<DerivedUpdate> derived_updates(const kir::Loop& l, const std::string& induction,
                                           bool last_is_induction_update) {
  std::vector<DerivedUpdate> out;
  if (has_jump(l.body) || has_jump(l.update)) return out;
  std::set<std::string> assigned;
  kir::assigned_variables(l.body, assigned);
  kir::assigned_variables(l.update, assigned);
  auto scan = [&](const kir::Block& b, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      if (!b[i].is<kir::Assign>()) continue;
      const auto& a = b[i].as<kir::Assign>();
      if (a.var == induction) continue;
      if (count_assignments(l.body, a.var) + count_assignments(l.update, a.var) != 1) continue;
      if (auto u = as_update(a, assigned)) out.push_back(*u);
    }
  };
  scan(l.body, l.body.size() - (last_is_induction_update && !l.body.empty() ? 1 : 0));
  scan(l.update, l.update.size());
  return out;
}

Expr derived_in_iteration(const DerivedUpdate& u, const Expr& v0, const P::Loop& loop, const Expr& x,
                          const Expr& otherwise) {
  if (!geometric(loop)) {
    // An additive loop with a constant step s: iteration (x - init) / s,
    // exact on the loop's values; only additive variables have a closed form.
    auto s = as_int(loop.step);
    if (!s || *s <= 0 || (u.op != BinOp::Add && u.op != BinOp::Sub)) return otherwise;
    Expr dist = loop.update == P::LoopUpdate::Add ? x - loop.init : loop.init - x;
    Expr j = binary(BinOp::Div, dist, int_lit(*s));
    Expr later = rewrap(u, u.op == BinOp::Add ? v0 + moved(u, j) : v0 - moved(u, j));
    return u.wrap ? ite(binary(BinOp::Eq, x, loop.init), v0, later) : later;
  }
  // A geometric loop: iteration j has x == x_j, which no other iteration has
  // while the values still move (x_j != x_{j+1}: a factor >= 2 only stops
  // moving at a fixed point, 0 or -1, and then stays there).
  std::vector<std::pair<Expr, Expr>> cases;
  for (int j = 0; j < kMaxIterations; ++j) {
    auto xj = induction_at(loop, j);
    auto xn = induction_at(loop, j + 1);
    auto vj = derived_at(u, v0, j);
    if (!xj || !xn || !vj) break;
    cases.emplace_back(conj(binary(BinOp::Eq, x, *xj), binary(BinOp::Ne, *xj, *xn)), *vj);
  }
  return chain(cases, otherwise);
}

Expr derived_after_loop(const DerivedUpdate& u, const Expr& v0, const P::Loop& loop, const Expr& otherwise) {
  // Only geometric loops: their trip counts are small; an additive loop's
  // would need as many cases as iterations.
  if (!geometric(loop)) return otherwise;
  // The loop stops at the first j whose x_j fails the condition, after j
  // updates of v.
  std::vector<std::pair<Expr, Expr>> cases;
  for (int j = 0; j < kMaxIterations; ++j) {
    auto xj = induction_at(loop, j);
    auto vj = derived_at(u, v0, j);
    if (!xj || !vj) break;
    cases.emplace_back(neg(P::loop_cond(loop, *xj)), *vj);
  }
  return chain(cases, otherwise);
}

}  // namespace racecert::inference
