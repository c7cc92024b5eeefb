#include "smt/encoder.hpp"

#include <limits>

namespace racecert::smt::detail {

using protocol::BinOp;
using protocol::Expr;
using protocol::ExprNode;
using protocol::UnOp;

namespace {

constexpr unsigned kWidth = 64;

// 2^k - 1 for some k >= 0: `x & mask` is x mod 2^(k) in two's complement.
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

z3::expr Encoder::variable(const std::string& name) {
  auto it = vars_.find(name);
  if (it != vars_.end()) return it->second;
  z3::expr v = bv_ ? ctx_.bv_const(name.c_str(), kWidth) : ctx_.int_const(name.c_str());
  vars_.emplace(name, v);
  return v;
}

z3::expr Encoder::range(const z3::expr& v) {
  z3::expr lo = ctx_.bv_val(static_cast<std::int64_t>(-(std::int64_t{1} << 32)), kWidth);
  z3::expr hi = ctx_.bv_val(static_cast<std::int64_t>(std::int64_t{1} << 32), kWidth);
  return z3::sge(v, lo) && z3::slt(v, hi);
}

z3::expr Encoder::number(std::int64_t v) {
  return bv_ ? ctx_.bv_val(v, kWidth) : ctx_.int_val(v);
}

std::int64_t Encoder::value(const z3::model& m, const z3::expr& e) {
  z3::expr r = m.eval(e, true);
  if (r.is_bool()) return r.is_true() ? 1 : 0;
  if (bv_) {
    std::uint64_t u = 0;
    if (r.is_numeral_u64(u)) return static_cast<std::int64_t>(u);
    return 0;
  }
  std::int64_t v = 0;
  if (r.is_numeral_i64(v)) return v;
  return 0;
}

z3::expr Encoder::c_div(const z3::expr& a, const z3::expr& b, std::optional<std::int64_t> divisor) {
  // C division truncates toward zero; SMT-LIB div rounds so that the
  // remainder is non-negative.
  if (divisor && *divisor > 0) return z3::ite(a >= 0, a / b, -((-a) / b));
  if (divisor && *divisor < 0) return z3::ite(a >= 0, -(a / (-b)), (-a) / (-b));
  z3::expr abs_a = z3::ite(a >= 0, a, -a), abs_b = z3::ite(b >= 0, b, -b);
  z3::expr q = abs_a / abs_b;
  return z3::ite((a >= 0) == (b >= 0), q, -q);
}

z3::expr Encoder::binary(BinOp op, const Expr& ea, const Expr& eb) {
  z3::expr a = encode(ea), b = encode(eb);
  if (bv_) {
    switch (op) {
      case BinOp::Add: return a + b;
      case BinOp::Sub: return a - b;
      case BinOp::Mul: return a * b;
      case BinOp::Div: return a / b;  // bvsdiv: truncates, as C
      case BinOp::Mod: return z3::srem(a, b);
      case BinOp::Min: return z3::ite(z3::slt(a, b), a, b);
      case BinOp::Max: return z3::ite(z3::slt(a, b), b, a);
      case BinOp::BitAnd: return a & b;
      case BinOp::BitOr: return a | b;
      case BinOp::BitXor: return a ^ b;
      case BinOp::Shl: return z3::shl(a, b);
      case BinOp::Shr: return z3::ashr(a, b);
      case BinOp::Eq: return a == b;
      case BinOp::Ne: return a != b;
      case BinOp::Lt: return z3::slt(a, b);
      case BinOp::Le: return z3::sle(a, b);
      case BinOp::Gt: return z3::sgt(a, b);
      case BinOp::Ge: return z3::sge(a, b);
      case BinOp::And: return a && b;
      case BinOp::Or: return a || b;
    }
  }
  switch (op) {
    case BinOp::Add: return a + b;
    case BinOp::Sub: return a - b;
    case BinOp::Mul: return a * b;
    case BinOp::Div: return c_div(a, b, protocol::as_int(eb));
    case BinOp::Mod: return a - b * c_div(a, b, protocol::as_int(eb));
    case BinOp::Min: return z3::ite(a < b, a, b);
    case BinOp::Max: return z3::ite(a < b, b, a);
    case BinOp::BitAnd: {
      if (auto m = mask_modulus(eb)) return z3::mod(a, ctx_.int_val(*m));
      if (auto m = mask_modulus(ea)) return z3::mod(b, ctx_.int_val(*m));
      break;
    }
    case BinOp::Shl:
      if (auto k = shift_amount(eb)) return a * ctx_.int_val(std::int64_t{1} << *k);
      break;
    case BinOp::Shr:
      if (auto k = shift_amount(eb)) return a / ctx_.int_val(std::int64_t{1} << *k);  // floor
      break;
    case BinOp::Eq: return a == b;
    case BinOp::Ne: return a != b;
    case BinOp::Lt: return a < b;
    case BinOp::Le: return a <= b;
    case BinOp::Gt: return a > b;
    case BinOp::Ge: return a >= b;
    case BinOp::And: return a && b;
    case BinOp::Or: return a || b;
    default:
      break;
  }
  throw std::logic_error("operator needs bit-vectors: " + std::string(protocol::op_symbol(op)));
}

z3::expr Encoder::encode(const Expr& e) {
  switch (e->kind) {
    case ExprNode::Kind::Int: return number(e->value);
    case ExprNode::Kind::Bool: return ctx_.bool_val(e->value != 0);
    case ExprNode::Kind::Var: return variable(e->name);
    case ExprNode::Kind::Unary: {
      z3::expr a = encode(e->a);
      switch (e->unop) {
        case UnOp::Neg: return -a;
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

}  // namespace racecert::smt::detail
