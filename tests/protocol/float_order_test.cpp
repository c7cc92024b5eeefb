// IEEE 754 comparisons over bit patterns (support/float_order.hpp) against
// the machine's own comparisons: every pair of a set of special patterns
// (zeros, infinities, NaNs, subnormals, extremes) and random pairs, for
// single and double precision; half precision against a reference that
// decodes the pattern exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "support/float_order.hpp"

using namespace racecert::expr;

namespace {

const BinOp kComparisons[] = {BinOp::Lt, BinOp::Le, BinOp::Gt, BinOp::Ge, BinOp::Eq, BinOp::Ne};

template <class F>
bool machine(BinOp op, F a, F b) {
  switch (op) {
    case BinOp::Lt: return a < b;
    case BinOp::Le: return a <= b;
    case BinOp::Gt: return a > b;
    case BinOp::Ge: return a >= b;
    case BinOp::Eq: return a == b;
    case BinOp::Ne: return a != b;
    default: return false;
  }
}

bool encoded(BinOp op, FloatFormat f, std::int64_t a, std::int64_t b) {
  Expr e = float_compare(op, f, var("a"), var("b"));
  return eval_bool(e, [&](const std::string& n) -> std::optional<std::int64_t> { return n == "a" ? a : b; });
}

float single(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

double dbl(std::uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

// A half-precision pattern decoded exactly into a double (NaN as NaN).
double half(std::uint32_t bits) {
  int sign = bits >> 15 & 1, exponent = bits >> 10 & 0x1f, fraction = bits & 0x3ff;
  double magnitude = exponent == 0    ? std::ldexp(fraction, -24)
                     : exponent == 31 ? (fraction ? NAN : INFINITY)
                                      : std::ldexp(1024 + fraction, exponent - 25);
  return sign ? -magnitude : magnitude;
}

}  // namespace

TEST(FloatOrder, SinglePrecisionAgreesWithTheMachine) {
  std::vector<std::uint32_t> patterns = {0, 0x80000000, 1, 0x80000001, 0x007fffff, 0x00800000, 0x3f800000,
                                         0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000,
                                         0x7f800001, 0x7fc00000, 0xffc00000, 0xffffffff, 0x40490fdb};
  std::mt19937 rng(13);
  for (int i = 0; i < 40; ++i) patterns.push_back(static_cast<std::uint32_t>(rng()));
  for (std::uint32_t a : patterns)
    for (std::uint32_t b : patterns)
      for (BinOp op : kComparisons)
        ASSERT_EQ(encoded(op, FloatFormat::Single, a, b), machine(op, single(a), single(b)))
            << std::hex << a << " " << static_cast<int>(op) << " " << b;
}

TEST(FloatOrder, DoublePrecisionAgreesWithTheMachine) {
  std::vector<std::uint64_t> patterns = {0, 0x8000000000000000, 1, 0x8000000000000001, 0x3ff0000000000000,
                                         0xbff0000000000000, 0x7fefffffffffffff, 0xffefffffffffffff,
                                         0x7ff0000000000000, 0xfff0000000000000, 0x7ff0000000000001,
                                         0x7ff8000000000000, 0xfff8000000000000, 0xffffffffffffffff};
  std::mt19937_64 rng(13);
  for (int i = 0; i < 30; ++i) patterns.push_back(rng());
  for (std::uint64_t a : patterns)
    for (std::uint64_t b : patterns)
      for (BinOp op : kComparisons)
        ASSERT_EQ(encoded(op, FloatFormat::Double, static_cast<std::int64_t>(a), static_cast<std::int64_t>(b)),
                  machine(op, dbl(a), dbl(b)))
            << std::hex << a << " " << static_cast<int>(op) << " " << b;
}

// Every pair of half-precision patterns whose high bits are chosen so that
// both signs, zero, subnormals, normals, infinity and NaN all occur.
TEST(FloatOrder, HalfPrecisionAgreesWithAnExactDecoding) {
  std::vector<std::uint32_t> patterns;
  for (std::uint32_t high : {0x0000u, 0x0001u, 0x03ffu, 0x0400u, 0x3c00u, 0x7bffu, 0x7c00u, 0x7c01u, 0x7e00u})
    for (std::uint32_t sign : {0u, 0x8000u}) patterns.push_back(high | sign);
  for (std::uint32_t a : patterns)
    for (std::uint32_t b : patterns)
      for (BinOp op : kComparisons)
        ASSERT_EQ(encoded(op, FloatFormat::Half, a, b), machine(op, half(a), half(b)))
            << std::hex << a << " " << static_cast<int>(op) << " " << b;
}
