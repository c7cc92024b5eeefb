#include "smt/encoder.hpp"

#include <array>
#include <limits>

namespace racecert::smt::detail {

using protocol::BinOp;
using protocol::Expr;
using protocol::ExprNode;
using protocol::UnOp;

namespace {

// 2^k - 1 for some k >= 0: `x & mask` is x mod 2^k in two's complement.
std::optional<std::int64_t> mask_modulus(const Expr& e) {
  auto v = protocol::as_int(e);
  if (!v || *v < 0 || *v == std::numeric_limits<std::int64_t>::max()) return std::nullopt;
  std::int64_t m = *v + 1;
  if ((m & (m - 1)) != 0) return std::nullopt;
  return m;
}

std::optional<std::int64_t> shift_amount(const Expr& e) {
  auto v = protocol::as_int(e);
  if (!v || *v < 0 || *v > 62) return std::nullopt;
  return v;
}

}  // namespace

bool needs_bitvectors(const Expr& e, std::string* why) {
  if (!e) return false;
  if (e->kind == ExprNode::Kind::Binary) {
    bool bitwise = false;
    switch (e->binop) {
      case BinOp::BitAnd:
        bitwise = !mask_modulus(e->a) && !mask_modulus(e->b);
        break;
      case BinOp::BitOr:
      case BinOp::BitXor:
        bitwise = true;
        break;
      case BinOp::Shl:
      case BinOp::Shr:
        bitwise = !shift_amount(e->b);
        break;
      default:
        break;
    }
    if (bitwise) {
      if (why) *why = std::string("'") + protocol::op_symbol(e->binop) + "' in '" + protocol::to_string(e) + "'";
      return true;
    }
  }
  return needs_bitvectors(e->a, why) || needs_bitvectors(e->b, why) || needs_bitvectors(e->c, why);
}

z3::solver make_solver(z3::context& ctx, Domain d, Products p, Strategy s) {
  if (s == Strategy::NonlinearCore) return z3::solver(ctx, z3::solver::simple());
  if (d == Domain::Integer && p == Products::Real) return z3::solver(ctx, "QF_NIA");
  if (s == Strategy::Core) {
    z3::solver core(ctx, z3::solver::simple());
    if (d == Domain::Integer) {
      // Z3 4.8.12's older simplex (arith.solver=2) decides the wrapped
      // index equations of issue 18 ((8192 r + 128 b + t) mod 2^32) in
      // 0.002-0.04 s whatever the random seed; the default one took 0.05 s
      // to more than 3 s by seed and by context history (docs/smt-encoding.md).
      z3::params p(ctx);
      p.set("arith.solver", 2u);
      core.set(p);
    }
    return core;
  }
  z3::tactic presolve = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") & z3::tactic(ctx, "solve-eqs");
  if (d == Domain::Integer) presolve = presolve & z3::tactic(ctx, "purify-arith");
  return (presolve & z3::tactic(ctx, "smt")).mk_solver();
}

// ------------------------------------------------------------------ basics

z3::expr Encoder::variable(const std::string& name) {
  auto it = vars_.find(name);
  if (it != vars_.end()) return it->second;
  z3::expr v = bv_ ? ctx_.bv_const(name.c_str(), kBitVectorWidth) : ctx_.int_const(name.c_str());
  vars_.emplace(name, v);
  return v;
}

z3::expr Encoder::number(std::int64_t v) { return bv_ ? ctx_.bv_val(v, kBitVectorWidth) : ctx_.int_val(v); }
z3::expr Encoder::zero() const { return bv_ ? ctx_.bv_val(0, kBitVectorWidth) : ctx_.int_val(0); }
z3::expr Encoder::one() const { return bv_ ? ctx_.bv_val(1, kBitVectorWidth) : ctx_.int_val(1); }
z3::expr Encoder::lt(const z3::expr& a, const z3::expr& b) const { return bv_ ? z3::slt(a, b) : a < b; }
z3::expr Encoder::le(const z3::expr& a, const z3::expr& b) const { return bv_ ? z3::sle(a, b) : a <= b; }

z3::expr Encoder::fresh(const char* prefix) {
  std::string name = std::string(prefix) + "!" + std::to_string(fresh_++);
  return bv_ ? ctx_.bv_const(name.c_str(), kBitVectorWidth) : ctx_.int_const(name.c_str());
}

std::int64_t Encoder::value(const z3::model& m, const z3::expr& e) const {
  z3::expr r = m.eval(e, true);
  if (r.is_bool()) return r.is_true() ? 1 : 0;
  if (bv_) {
    std::uint64_t u = 0;
    return r.is_numeral_u64(u) ? static_cast<std::int64_t>(u) : 0;
  }
  std::int64_t v = 0;
  return r.is_numeral_i64(v) ? v : 0;
}

z3::expr Encoder::magnitude(const z3::expr& e) const {
  if (!bv_) return z3::ite(e >= 0, e, -e);
  return z3::bv2int(z3::ite(z3::sge(e, zero()), e, -e), false);
}

// ------------------------------------------------------------- arithmetic

z3::expr Encoder::add(const z3::expr& a, const z3::expr& b) {
  if (bv_) definitions_.push_back(z3::bvadd_no_overflow(a, b, true) && z3::bvadd_no_underflow(a, b));
  return a + b;
}

z3::expr Encoder::sub(const z3::expr& a, const z3::expr& b) {
  if (bv_) definitions_.push_back(z3::bvsub_no_overflow(a, b) && z3::bvsub_no_underflow(a, b, true));
  return a - b;
}

z3::expr Encoder::product(const z3::expr& a, const z3::expr& b) {
  bool constant = a.is_numeral() || b.is_numeral();
  if (constant || !linear_) {
    if (bv_) definitions_.push_back(z3::bvmul_no_overflow(a, b, true) && z3::bvmul_no_underflow(a, b));
    if (constant) return a * b;
  }
  auto key = std::make_pair(std::min(a.id(), b.id()), std::max(a.id(), b.id()));
  auto it = product_index_.find(key);
  if (it != product_index_.end()) return products_[it->second].p;
  z3::expr p = linear_ ? fresh("mul") : a * b;
  product_index_.emplace(key, products_.size());
  products_.push_back(Product{a, b, p});
  return p;
}

std::pair<z3::expr, z3::expr> Encoder::div_mod(const z3::expr& a, const z3::expr& b,
                                               std::optional<std::int64_t> divisor) {
  if (bv_) {
    if (divisor && *divisor > 0 && (*divisor & (*divisor - 1)) == 0) {
      // By 2^k: a shift, with the bias that makes it truncate toward zero
      // (a divider circuit per loop-domain disjunct is what made queries slow).
      int k = __builtin_ctzll(static_cast<unsigned long long>(*divisor));
      z3::expr biased = z3::ite(z3::slt(a, zero()), a + number(*divisor - 1), a);
      z3::expr q = z3::ashr(biased, number(k));
      return {q, a - z3::shl(q, number(k))};
    }
    // By another constant: bvsdiv and bvsrem truncate, as C. By a variable:
    // the quotient variable below, whose product with the divisor is
    // linearized like every other (a 64-bit divider circuit per `%` made
    // grid-stride guards such as (pos - tid) % blockDim.x == 0 time out).
    if (divisor) return {a / b, z3::srem(a, b)};
  } else if (divisor && *divisor != 0) {
    // Linear. SMT-LIB div rounds so that the remainder is non-negative.
    z3::expr q = *divisor > 0 ? z3::ite(a >= 0, a / b, -((-a) / b)) : z3::ite(a >= 0, -(a / (-b)), (-a) / (-b));
    return {q, a - b * q};
  }
  // a = q*b + r with |r| < |b| and r of the sign of a: C's truncating
  // division, whose q*b and r never overflow (|q*b| <= |a|). Division by
  // zero leaves q unconstrained.
  z3::expr q = fresh("div");
  z3::expr r = sub(a, product(q, b));
  z3::expr z = zero();
  auto ge = [&](const z3::expr& x, const z3::expr& y) { return le(y, x); };
  definitions_.push_back(z3::implies(lt(z, b) && ge(a, z), ge(r, z) && lt(r, b)));
  definitions_.push_back(z3::implies(lt(z, b) && lt(a, z), le(r, z) && lt(sub(z, b), r)));
  definitions_.push_back(z3::implies(lt(b, z) && ge(a, z), ge(r, z) && lt(r, sub(z, b))));
  definitions_.push_back(z3::implies(lt(b, z) && lt(a, z), le(r, z) && lt(b, r)));
  return {q, r};
}

z3::expr Encoder::binary(BinOp op, const Expr& ea, const Expr& eb) {
  z3::expr a = encode(ea), b = encode(eb);
  switch (op) {
    case BinOp::Add: return add(a, b);
    case BinOp::Sub: return sub(a, b);
    case BinOp::Mul: return product(a, b);
    case BinOp::Div: return div_mod(a, b, protocol::as_int(eb)).first;
    case BinOp::Mod: return div_mod(a, b, protocol::as_int(eb)).second;
    case BinOp::Min: return z3::ite(lt(a, b), a, b);
    case BinOp::Max: return z3::ite(lt(a, b), b, a);
    case BinOp::Eq: return a == b;
    case BinOp::Ne: return a != b;
    case BinOp::Lt: return lt(a, b);
    case BinOp::Le: return le(a, b);
    case BinOp::Gt: return lt(b, a);
    case BinOp::Ge: return le(b, a);
    case BinOp::And: return a && b;
    case BinOp::Or: return a || b;
    default: break;
  }
  if (auto k = shift_amount(eb)) {
    // By a constant: multiplication, or a floor division (arithmetic shift).
    z3::expr pow = number(std::int64_t{1} << *k);
    if (op == BinOp::Shl) return product(a, pow);
    if (op == BinOp::Shr) return bv_ ? z3::ashr(a, b) : a / pow;
  }
  if (op == BinOp::BitAnd && !bv_) {
    if (auto m = mask_modulus(eb)) return z3::mod(a, ctx_.int_val(*m));
    if (auto m = mask_modulus(ea)) return z3::mod(b, ctx_.int_val(*m));
  }
  if (!bv_) throw std::logic_error(std::string("operator needs bit-vectors: ") + protocol::op_symbol(op));
  switch (op) {
    case BinOp::BitAnd: return a & b;
    case BinOp::BitOr: return a | b;
    case BinOp::BitXor: return a ^ b;
    case BinOp::Shl: {
      // C: the amount is below the width and nothing shifts out.
      z3::expr r = z3::shl(a, b);
      definitions_.push_back(z3::ult(b, number(63)) && z3::ashr(r, b) == a);
      return r;
    }
    case BinOp::Shr:
      definitions_.push_back(z3::ult(b, number(64)));
      return z3::ashr(a, b);
    default:
      break;
  }
  throw std::logic_error("unknown operator");
}

z3::expr Encoder::encode(const Expr& e) {
  auto it = memo_.find(e.get());
  if (it != memo_.end()) return it->second;
  z3::expr r = encode_node(e);
  memo_.emplace(e.get(), r);
  keep_alive_.push_back(e);
  return r;
}

z3::expr Encoder::encode_node(const Expr& e) {
  switch (e->kind) {
    case ExprNode::Kind::Int: return number(e->value);
    case ExprNode::Kind::Bool: return ctx_.bool_val(e->value != 0);
    case ExprNode::Kind::Var: return variable(e->name);
    case ExprNode::Kind::Unary: {
      z3::expr a = encode(e->a);
      switch (e->unop) {
        case UnOp::Neg: return sub(zero(), a);
        case UnOp::Not: return !a;
        case UnOp::BitNot: return bv_ ? ~a : -a - 1;
      }
      break;
    }
    case ExprNode::Kind::Binary: return binary(e->binop, e->a, e->b);
    case ExprNode::Kind::Ite: return z3::ite(encode(e->a), encode(e->b), encode(e->c));
  }
  throw std::logic_error("unknown expression");
}

// ------------------------------------------------------------ side facts

std::vector<z3::expr> Encoder::side_constraints() const {
  std::vector<z3::expr> out = definitions_;
  z3::expr z = zero(), o = one();
  auto ge = [&](const z3::expr& a, const z3::expr& b) { return le(b, a); };
  for (const auto& [x, y, p] : products_) {
    out.push_back(z3::implies(x == z || y == z, p == z));
    out.push_back(z3::implies(x == o, p == y));
    out.push_back(z3::implies(y == o, p == x));
    out.push_back(z3::implies(ge(x, z) && ge(y, z), ge(p, z)));
    out.push_back(z3::implies(le(x, z) && ge(y, z), le(p, z)));
    out.push_back(z3::implies(ge(x, z) && le(y, z), le(p, z)));
    out.push_back(z3::implies(le(x, z) && le(y, z), ge(p, z)));
    out.push_back(z3::implies(ge(x, o) && ge(y, z), ge(p, y)));
    out.push_back(z3::implies(ge(y, o) && ge(x, z), ge(p, x)));
  }
  // Products sharing a factor c: u*c and w*c are at least |c| apart when u
  // and w differ. This is what makes q*D + r (0 <= r < D) unique. (In
  // bit-vector mode the products do not overflow, so the lemmas hold there
  // too; p_a - p_b cannot overflow when both are products of the same c.)
  constexpr std::size_t kMaxProducts = 160;
  std::size_t n = std::min(products_.size(), kMaxProducts);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const Product &a = products_[i], &b = products_[j];
      std::optional<std::array<z3::expr, 3>> shared;  // c, u, w
      if (z3::eq(a.x, b.x)) shared = std::array<z3::expr, 3>{a.x, a.y, b.y};
      else if (z3::eq(a.y, b.y)) shared = std::array<z3::expr, 3>{a.y, a.x, b.x};
      else if (z3::eq(a.x, b.y)) shared = std::array<z3::expr, 3>{a.x, a.y, b.x};
      else if (z3::eq(a.y, b.x)) shared = std::array<z3::expr, 3>{a.y, a.x, b.y};
      if (!shared) continue;
      const auto& [c, u, w] = *shared;
      out.push_back(z3::implies(u == w, a.p == b.p));
      if (bv_) {
        // The same facts, stated only where the difference does not wrap.
        auto exact_diff = [](const z3::expr& x, const z3::expr& y) {
          return z3::bvsub_no_overflow(x, y) && z3::bvsub_no_underflow(x, y, true);
        };
        out.push_back(z3::implies(ge(c, z) && lt(u, w) && exact_diff(b.p, a.p), ge(b.p - a.p, c)));
        out.push_back(z3::implies(ge(c, z) && lt(w, u) && exact_diff(a.p, b.p), ge(a.p - b.p, c)));
        out.push_back(z3::implies(le(c, z) && lt(u, w) && exact_diff(a.p, b.p), ge(a.p - b.p, -c)));
        out.push_back(z3::implies(le(c, z) && lt(w, u) && exact_diff(b.p, a.p), ge(b.p - a.p, -c)));
      } else {
        out.push_back(z3::implies(c >= 0 && u < w, b.p - a.p >= c));
        out.push_back(z3::implies(c >= 0 && u > w, a.p - b.p >= c));
        out.push_back(z3::implies(c <= 0 && u < w, a.p - b.p >= -c));
        out.push_back(z3::implies(c <= 0 && u > w, b.p - a.p >= -c));
      }
    }
  }
  return out;
}

bool Encoder::model_is_exact(const z3::model& m) const {
  if (!linear_) return true;
  for (const auto& [x, y, p] : products_) {
    std::int64_t vx = value(m, x), vy = value(m, y), vp = value(m, p), prod = 0;
    if (__builtin_mul_overflow(vx, vy, &prod) || prod != vp) return false;
  }
  return true;
}

}  // namespace racecert::smt::detail
