#include "smt/case_split.hpp"

#include <algorithm>
#include <limits>
#include <map>

namespace racecert::smt {

using protocol::BinOp;
using protocol::Expr;
using protocol::ExprNode;

namespace {

constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

// `v op c`, with the variable on the left (`c < v` is `v > c`).
struct Comparison {
  std::string var;
  BinOp op;
  std::int64_t c;
};

std::optional<Comparison> comparison(const Expr& e) {
  if (e->kind != ExprNode::Kind::Binary) return std::nullopt;
  BinOp op = e->binop, mirrored = op;
  switch (op) {
    case BinOp::Eq: break;
    case BinOp::Lt: mirrored = BinOp::Gt; break;
    case BinOp::Le: mirrored = BinOp::Ge; break;
    case BinOp::Gt: mirrored = BinOp::Lt; break;
    case BinOp::Ge: mirrored = BinOp::Le; break;
    default: return std::nullopt;
  }
  if (e->a->kind == ExprNode::Kind::Var)
    if (auto c = protocol::as_int(e->b)) return Comparison{e->a->name, op, *c};
  if (e->b->kind == ExprNode::Kind::Var)
    if (auto c = protocol::as_int(e->a)) return Comparison{e->b->name, mirrored, *c};
  return std::nullopt;
}

// A disjunction over one variable: its listed values, and the open tail
// `v >= tail` if a disjunct is one.
struct Disjunction {
  std::string var;
  std::vector<std::int64_t> values;
  std::optional<std::int64_t> tail;
};

std::optional<Disjunction> disjunction_of_values(const Expr& e) {
  if (e->kind != ExprNode::Kind::Binary) return std::nullopt;
  if (e->binop == BinOp::Or) {
    auto a = disjunction_of_values(e->a), b = disjunction_of_values(e->b);
    if (!a || !b || a->var != b->var) return std::nullopt;
    a->values.insert(a->values.end(), b->values.begin(), b->values.end());
    if (b->tail) a->tail = a->tail ? std::min(*a->tail, *b->tail) : *b->tail;
    return a;
  }
  // |v| <= c, written max(v, -v) <= c: the values -c..c.
  if (e->binop == BinOp::Le && e->a->kind == ExprNode::Kind::Binary && e->a->binop == BinOp::Max) {
    auto bound = protocol::as_int(e->b);
    const Expr &x = e->a->a, &y = e->a->b;
    bool negated = y->kind == ExprNode::Kind::Unary && y->unop == protocol::UnOp::Neg && ::racecert::expr::equal(y->a, x);
    if (!bound || *bound < 0 || *bound > static_cast<std::int64_t>(kMaxCases) || x->kind != ExprNode::Kind::Var ||
        !negated)
      return std::nullopt;
    Disjunction d{x->name, {}, std::nullopt};
    for (std::int64_t v = -*bound; v <= *bound; ++v) d.values.push_back(v);
    return d;
  }
  auto cmp = comparison(e);
  if (!cmp) return std::nullopt;
  switch (cmp->op) {
    case BinOp::Eq: return Disjunction{cmp->var, {cmp->c}, std::nullopt};
    case BinOp::Ge: return Disjunction{cmp->var, {}, cmp->c};
    case BinOp::Gt:
      if (cmp->c == kMax) return Disjunction{cmp->var, {}, std::nullopt};  // no value at all
      return Disjunction{cmp->var, {}, cmp->c + 1};
    default: return std::nullopt;  // v < c, v <= c: an open tail downwards, never split
  }
}

void find_disjunctions(const Expr& e, std::vector<Disjunction>& out) {
  if (e->kind == ExprNode::Kind::Binary && e->binop == BinOp::And) {
    find_disjunctions(e->a, out);
    find_disjunctions(e->b, out);
  } else if (auto d = disjunction_of_values(e)) {
    out.push_back(std::move(*d));
  }
}

// The constant bounds [lo, hi] that top-level conjuncts give a variable.
struct Range {
  std::int64_t lo = kMin, hi = kMax;
};

void find_bounds(const Expr& e, std::map<std::string, Range>& out) {
  if (e->kind == ExprNode::Kind::Binary && e->binop == BinOp::And) {
    find_bounds(e->a, out);
    find_bounds(e->b, out);
    return;
  }
  auto cmp = comparison(e);
  if (!cmp) return;
  Range& r = out[cmp->var];
  auto at_most = [&](std::int64_t c) { r.hi = std::min(r.hi, c); };
  auto at_least = [&](std::int64_t c) { r.lo = std::max(r.lo, c); };
  switch (cmp->op) {
    case BinOp::Eq: at_most(cmp->c), at_least(cmp->c); break;
    case BinOp::Lt: cmp->c == kMin ? (at_most(kMin), at_least(kMax)) : at_most(cmp->c - 1); break;
    case BinOp::Le: at_most(cmp->c); break;
    case BinOp::Gt: cmp->c == kMax ? (at_most(kMin), at_least(kMax)) : at_least(cmp->c + 1); break;
    case BinOp::Ge: at_least(cmp->c); break;
    default: break;
  }
}

}  // namespace

std::optional<CaseSplit> small_domain(const transform::SymbolicTrace& t) {
  std::vector<Disjunction> found;
  std::map<std::string, Range> bounds;
  for (const auto& a : t.assumptions) {
    find_disjunctions(a, found);
    find_bounds(a, bounds);
  }
  for (auto& d : found) {
    bool uniform = std::any_of(t.vars.begin(), t.vars.end(),
                               [&](const transform::TraceVar& v) { return v.name == d.var && v.thread == 0; });
    if (!uniform) continue;
    Range r = bounds.count(d.var) ? bounds.at(d.var) : Range{};
    if (d.tail && *d.tail <= r.hi) continue;  // the open tail may hold a model: no finite split
    CaseSplit s{d.var, {}};
    for (std::int64_t v : d.values)
      if (r.lo <= v && v <= r.hi) s.values.push_back(v);
    std::sort(s.values.begin(), s.values.end());
    s.values.erase(std::unique(s.values.begin(), s.values.end()), s.values.end());
    if (s.values.size() >= 2 && s.values.size() <= kMaxCases) return s;
  }
  return std::nullopt;
}

}  // namespace racecert::smt
