#include "support/float_order.hpp"

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace racecert::expr {

namespace {

int width(FloatFormat f) { return static_cast<int>(f); }

// All exponent bits set and a zero fraction: infinity without its sign.
std::int64_t infinity_bits(FloatFormat f) {
  switch (f) {
    case FloatFormat::Half: return 0x7c00;
    case FloatFormat::Single: return 0x7f800000;
    case FloatFormat::Double: return 0x7ff0000000000000;
  }
  return 0;
}

Expr sign_set(FloatFormat f, const Expr& x) {
  if (f == FloatFormat::Double) return binary(BinOp::Lt, x, int_lit(0));
  return binary(BinOp::Ge, x, int_lit(std::int64_t{1} << (width(f) - 1)));
}

// The pattern with its sign bit cleared. For a negative double the two's
// complement reading x gives x + 2^63, written without the literal 2^63.
Expr magnitude(FloatFormat f, const Expr& x) {
  Expr cleared = f == FloatFormat::Double
                     ? binary(BinOp::Add, binary(BinOp::Add, x, int_lit(std::numeric_limits<std::int64_t>::max())),
                              int_lit(1))
                     : binary(BinOp::Sub, x, int_lit(std::int64_t{1} << (width(f) - 1)));
  return ite(sign_set(f, x), cleared, x);
}

Expr is_nan(FloatFormat f, const Expr& x) { return binary(BinOp::Gt, magnitude(f, x), int_lit(infinity_bits(f))); }

// An integer ordering non-NaN values as the format does: the magnitude,
// negated when the sign is set (so -0 and +0 are both 0).
Expr order_key(FloatFormat f, const Expr& x) {
  Expr m = magnitude(f, x);
  return ite(sign_set(f, x), unary(UnOp::Neg, m), m);
}

}  // namespace

Expr float_compare(BinOp op, FloatFormat f, const Expr& l, const Expr& r) {
  Expr ordered = conj(neg(is_nan(f, l)), neg(is_nan(f, r)));
  switch (op) {
    case BinOp::Lt:
    case BinOp::Le:
    case BinOp::Gt:
    case BinOp::Ge:
    case BinOp::Eq: return conj(ordered, binary(op, order_key(f, l), order_key(f, r)));
    case BinOp::Ne: return neg(float_compare(BinOp::Eq, f, l, r));
    default: throw std::logic_error("float_compare: not a comparison");
  }
}

}  // namespace racecert::expr
