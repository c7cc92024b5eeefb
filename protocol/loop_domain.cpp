#include "protocol/loop_domain.hpp"

namespace racecert::protocol {

namespace {

// Multiplying/dividing loops are enumerated value by value up to this bound
// (2^33), then one catch-all disjunct covers every further value.
constexpr std::int64_t kEnumerationLimit = std::int64_t{1} << 33;

std::optional<std::int64_t> constant_factor(const Loop& l) {
  auto s = as_int(l.step);
  if (!s) return std::nullopt;
  switch (l.update) {
    case LoopUpdate::Mul:
    case LoopUpdate::Div:
      return *s >= 2 ? std::optional<std::int64_t>(*s) : std::nullopt;
    case LoopUpdate::Shl:
    case LoopUpdate::Shr:
      return *s >= 1 && *s <= 32 ? std::optional<std::int64_t>(std::int64_t{1} << *s) : std::nullopt;
    default:
      return std::nullopt;
  }
}

Expr ge(Expr a, Expr b) { return binary(BinOp::Ge, std::move(a), std::move(b)); }
Expr le(Expr a, Expr b) { return binary(BinOp::Le, std::move(a), std::move(b)); }
Expr gt(Expr a, Expr b) { return binary(BinOp::Gt, std::move(a), std::move(b)); }
Expr eq(Expr a, Expr b) { return binary(BinOp::Eq, std::move(a), std::move(b)); }

Expr additive_domain(const Loop& l, const Expr& x) {
  bool up = l.update == LoopUpdate::Add;
  Expr dist = up ? x - l.init : l.init - x;  // how far x is from init, >= 0
  Expr in_range = conj(loop_cond(l, x), ge(dist, int_lit(0)));
  auto s = as_int(l.step);
  if (s && *s == 1) return in_range;
  Expr on_grid = eq(binary(BinOp::Mod, dist, l.step), int_lit(0));
  if (s && *s > 0) return conj(in_range, on_grid);
  // A non-positive step never reaches the bound: the loop runs forever on
  // values on the wrong side of init. Over-approximate them.
  Expr wrong_way = conj(loop_cond(l, x), le(dist, int_lit(0)));
  if (s) return wrong_way;
  return disj(conj(gt(l.step, int_lit(0)), conj(in_range, on_grid)),
              conj(le(l.step, int_lit(0)), wrong_way));
}

Expr geometric_domain(const Loop& l, const Expr& x) {
  auto factor = constant_factor(l);
  Expr cond = loop_cond(l, x);
  bool grows = l.update == LoopUpdate::Mul || l.update == LoopUpdate::Shl;
  if (!factor) {
    // Symbolic factor: only the condition (and the direction from a
    // positive start) is known.
    Expr dir = grows ? ge(x, l.init) : conj(le(x, l.init), ge(x, int_lit(0)));
    return conj(cond, disj(le(l.init, int_lit(0)), dir));
  }
  // The k-th value: init * c^k, init / c^k (C division truncates, and
  // truncating twice is truncating once) or init >> (s*k) (a floor).
  auto kth = [&](std::int64_t power, int k) {
    if (grows) return l.init * int_lit(power);
    if (l.update == LoopUpdate::Shr) return binary(BinOp::Shr, l.init, int_lit(*as_int(l.step) * k));
    return binary(BinOp::Div, l.init, int_lit(power));
  };
  std::vector<Expr> cases;
  std::int64_t power = 1;
  int k = 0;
  while (power <= kEnumerationLimit) {
    cases.push_back(eq(x, kth(power, k)));
    power *= *factor;
    ++k;
  }
  // Everything further out: above init*c^K when growing from a positive
  // start (or below it from a negative one), between 0 and init/c^K when
  // shrinking.
  if (grows) {
    Expr big = l.init * int_lit(power);
    cases.push_back(conj(gt(l.init, int_lit(0)), ge(x, big)));
    cases.push_back(conj(le(l.init, int_lit(0)), le(x, l.init)));
  } else {
    Expr small = kth(power, k);
    Expr abs_x = binary(BinOp::Max, x, unary(UnOp::Neg, x));
    Expr abs_small = binary(BinOp::Max, small, unary(UnOp::Neg, small));
    cases.push_back(le(abs_x, abs_small));
  }
  return conj(cond, disj(cases));
}

}  // namespace

Expr loop_cond(const Loop& l, const Expr& x) { return binary(l.cond, x, l.bound); }

Expr loop_next(const Loop& l, const Expr& x) {
  switch (l.update) {
    case LoopUpdate::Add: return x + l.step;
    case LoopUpdate::Sub: return x - l.step;
    case LoopUpdate::Mul: return x * l.step;
    case LoopUpdate::Div: return binary(BinOp::Div, x, l.step);
    case LoopUpdate::Shl: return binary(BinOp::Shl, x, l.step);
    case LoopUpdate::Shr: return binary(BinOp::Shr, x, l.step);
  }
  return x;
}

std::optional<Expr> loop_prev(const Loop& l, const Expr& x) {
  switch (l.update) {
    case LoopUpdate::Add: return x - l.step;
    case LoopUpdate::Sub: return x + l.step;
    case LoopUpdate::Mul: return binary(BinOp::Div, x, l.step);
    case LoopUpdate::Shl: return binary(BinOp::Shr, x, l.step);
    default: return std::nullopt;
  }
}

Expr loop_non_empty(const Loop& l) { return loop_cond(l, l.init); }

Expr loop_domain(const Loop& l, const Expr& x) {
  if (l.update == LoopUpdate::Add || l.update == LoopUpdate::Sub) return additive_domain(l, x);
  return geometric_domain(l, x);
}

Expr loop_is_last(const Loop& l, const Expr& x) {
  return conj(loop_domain(l, x), neg(loop_cond(l, loop_next(l, x))));
}

}  // namespace racecert::protocol
