#include "smt/encoder_distribute.hpp"

#include <vector>

namespace racecert::smt::detail {

using protocol::BinOp;
using protocol::Expr;
using protocol::ExprNode;

namespace {

// One summand: coefficient * factor_1 * ... * factor_n (n >= 0).
struct Term {
  std::int64_t coefficient = 1;
  std::vector<Expr> factors;
};

bool is_binary(const Expr& e, BinOp op) { return e->kind == ExprNode::Kind::Binary && e->binop == op; }

// Factors of a product tree; false when a constant factor would overflow.
bool collect_factors(const Expr& e, Term& t) {
  if (is_binary(e, BinOp::Mul)) return collect_factors(e->a, t) && collect_factors(e->b, t);
  if (auto v = protocol::as_int(e)) return !__builtin_mul_overflow(t.coefficient, *v, &t.coefficient);
  t.factors.push_back(e);
  return true;
}

// Summands of a sum tree, each with its sign folded into the coefficient.
bool collect_terms(const Expr& e, std::int64_t sign, std::vector<Term>& out) {
  if (is_binary(e, BinOp::Add)) return collect_terms(e->a, sign, out) && collect_terms(e->b, sign, out);
  if (is_binary(e, BinOp::Sub)) return collect_terms(e->a, sign, out) && collect_terms(e->b, -sign, out);
  Term t;
  t.coefficient = sign;
  if (!collect_factors(e, t)) return false;
  out.push_back(std::move(t));
  return true;
}

Expr product_of(const Term& t) {
  Expr p = protocol::int_lit(t.coefficient);
  for (const auto& f : t.factors) p = protocol::binary(BinOp::Mul, p, f);
  return p;
}

Expr sum_of(const std::vector<Expr>& es) {
  Expr s = protocol::int_lit(0);
  for (const auto& e : es) s = protocol::binary(BinOp::Add, s, e);
  return s;
}

bool has_factor(const Term& t, const Expr& f) {
  for (const auto& g : t.factors)
    if (protocol::equal(g, f)) return true;
  return false;
}

// The sum with every factor shared by two or more summands pulled out, the
// most shared first. Its value is the sum's.
Expr gather(std::vector<Term> terms) {
  std::vector<Expr> parts;
  while (!terms.empty()) {
    // The non-constant factor that most summands have.
    Expr best;
    std::size_t best_count = 1;
    for (const auto& t : terms)
      for (const auto& f : t.factors) {
        std::size_t count = 0;
        for (const auto& u : terms) count += has_factor(u, f) ? 1 : 0;
        if (count > best_count) best = f, best_count = count;
      }
    if (!best) {
      for (const auto& t : terms) parts.push_back(product_of(t));
      break;
    }
    std::vector<Term> with, without;
    for (auto& t : terms) {
      if (!has_factor(t, best)) {
        without.push_back(std::move(t));
        continue;
      }
      for (auto it = t.factors.begin(); it != t.factors.end(); ++it)
        if (protocol::equal(*it, best)) {
          t.factors.erase(it);
          break;
        }
      with.push_back(std::move(t));
    }
    parts.push_back(protocol::binary(BinOp::Mul, gather(std::move(with)), best));
    terms = std::move(without);
  }
  return sum_of(parts);
}

}  // namespace

Expr distribute_products(const Expr& e) {
  if (!e) return e;
  Expr a = distribute_products(e->a), b = distribute_products(e->b), c = distribute_products(e->c);
  Expr same = e;
  if (a != e->a || b != e->b || c != e->c) {
    switch (e->kind) {
      case ExprNode::Kind::Unary: same = protocol::unary(e->unop, a); break;
      case ExprNode::Kind::Binary: same = protocol::binary(e->binop, a, b); break;
      case ExprNode::Kind::Ite: same = protocol::ite(a, b, c); break;
      case ExprNode::Kind::Int:
      case ExprNode::Kind::Bool:
      case ExprNode::Kind::Var: break;
    }
  }
  if (!is_binary(same, BinOp::Add) && !is_binary(same, BinOp::Sub)) return same;
  std::vector<Term> terms;
  if (!collect_terms(same, 1, terms)) return same;
  // Only worth it when some factor is shared.
  bool shared = false;
  for (std::size_t i = 0; i < terms.size() && !shared; ++i)
    for (const auto& f : terms[i].factors)
      for (std::size_t j = i + 1; j < terms.size() && !shared; ++j) shared = has_factor(terms[j], f);
  return shared ? gather(std::move(terms)) : same;
}

}  // namespace racecert::smt::detail
