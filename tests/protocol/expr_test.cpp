// C semantics of protocol expressions, folding, printing.
#include <gtest/gtest.h>

#include "protocol/expr.hpp"
#include "protocol/parser.hpp"

using namespace racecert::protocol;

namespace {
std::int64_t eval(const std::string& text) {
  return eval_int(parse_expr(text), [](const std::string&) { return std::nullopt; });
}
}  // namespace

TEST(Expr, DivisionTruncatesTowardZeroLikeC) {
  EXPECT_EQ(eval("7 / 2"), 3);
  EXPECT_EQ(eval("-7 / 2"), -3);
  EXPECT_EQ(eval("7 / -2"), -3);
  EXPECT_EQ(eval("-7 % 2"), -1);
  EXPECT_EQ(eval("7 % -2"), 1);
}

TEST(Expr, ShiftsAndBitwise) {
  EXPECT_EQ(eval("1 << 4"), 16);
  EXPECT_EQ(eval("-8 >> 1"), -4);
  EXPECT_EQ(eval("-7 >> 1"), -4);  // arithmetic shift: floor
  EXPECT_EQ(eval("6 & 3"), 2);
  EXPECT_EQ(eval("6 | 3"), 7);
  EXPECT_EQ(eval("6 ^ 3"), 5);
  EXPECT_EQ(eval("~0"), -1);
  EXPECT_EQ(eval("min(3, -2) + max(3, -2)"), 1);
}

TEST(Expr, PrecedenceFollowsC) {
  EXPECT_EQ(eval("1 + 2 * 3"), 7);
  EXPECT_EQ(eval("(1 + 2) * 3"), 9);
  EXPECT_EQ(eval("1 << 2 + 1"), 8);
  EXPECT_EQ(eval("1 < 2 == 1"), 1);
  EXPECT_EQ(eval("2 & 3 ^ 1"), 3);
  EXPECT_EQ(eval("1 ? 2 : 0 ? 3 : 4"), 2);
  EXPECT_EQ(eval("10 - 3 - 2"), 5);
}

TEST(Expr, UndefinedOperationsThrow) {
  EXPECT_THROW(eval("1 / 0"), EvalError);
  EXPECT_THROW(eval("1 % 0"), EvalError);
  EXPECT_THROW(eval("1 << 64"), EvalError);
  EXPECT_THROW(eval("9223372036854775807 + 1"), EvalError);
}

TEST(Expr, PrintingRoundTripsThroughTheParser) {
  for (const char* text : {"a + b * c", "(a + b) * c", "a - (b - c)", "a - b - c", "-(5)", "-5", "x - -5",
                           "!(a < b) && c != d || e >= f", "a ? b : c ? d : e", "(a ? b : c) ? d : e",
                           "min(a, b) << 2", "~a & (b | c) ^ d", "a % 2 == 0 && b / 3 > -1"}) {
    Expr e = parse_expr(text);
    EXPECT_EQ(to_string(e), text) << text;
    EXPECT_TRUE(equal(parse_expr(to_string(e)), e)) << text;
  }
}

TEST(Expr, ConstructorsFoldConstants) {
  EXPECT_EQ(to_string(binary(BinOp::Add, int_lit(2), int_lit(3))), "5");
  EXPECT_EQ(to_string(binary(BinOp::Add, var("x"), int_lit(0))), "x");
  EXPECT_EQ(to_string(conj(bool_lit(true), binary(BinOp::Lt, var("x"), var("y")))), "x < y");
  EXPECT_TRUE(is_false(conj(bool_lit(false), var("b"))));
  // Undefined operations stay unfolded instead of aborting.
  EXPECT_EQ(to_string(binary(BinOp::Div, int_lit(1), int_lit(0))), "1 / 0");
}

TEST(Expr, SubstitutionReplacesFreeVariables) {
  Expr e = parse_expr("x + y * x");
  Expr s = substitute(e, {{"x", parse_expr("z - 1")}});
  EXPECT_EQ(to_string(s), "z - 1 + y * (z - 1)");
  EXPECT_EQ(free_vars(s), (std::set<std::string>{"y", "z"}));
}
