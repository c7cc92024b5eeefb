#pragma once
// IEEE 754 comparisons over bit patterns, in the expression language. The
// front end tracks a floating-point value only where it is moved (loaded,
// copied, a constant), as its bit pattern; a comparison of two such values
// is then exact (frontend/lower_float.cpp), which makes its result a
// function of its operands: the same in every thread that compares the
// same values.
#include <optional>

#include "support/expr.hpp"

namespace racecert::expr {

// A binary interchange format as its patterns are held: a w-bit pattern is
// the integer in [0, 2^w) for w = 16 and 32, and its two's complement
// reading for w = 64 (as the front end writes float constants).
enum class FloatFormat { Half = 16, Single = 32, Double = 64 };

// `l op r` for op one of Lt, Le, Gt, Ge, Eq, Ne, as IEEE 754 defines it:
// NaN is unordered (every comparison false but !=), and -0 == +0. Exact
// for patterns in the format's range; a pattern outside it (a value the
// analysis does not know) gets some value, the same for the same operands.
Expr float_compare(BinOp op, FloatFormat f, const Expr& l, const Expr& r);

}  // namespace racecert::expr
