// The SMT encoding of expressions agrees with the interpreter's C semantics
// (division, remainder, shifts, masks, bitwise operators), in integer and in
// bit-vector mode, on random expressions and values.
#include <gtest/gtest.h>

#include <climits>
#include <random>

#include "protocol/expr.hpp"
#include "smt/encoder.hpp"
#include "smt/encoder_distribute.hpp"

using namespace racecert::protocol;
using racecert::smt::detail::Encoder;

namespace {

Expr random_expr(std::mt19937& rng, int depth) {
  std::uniform_int_distribution<int> pick(0, 99);
  if (depth == 0 || pick(rng) < 25) {
    int r = pick(rng) % 5;
    if (r < 3) return var(std::string(1, static_cast<char>('a' + r)));
    return int_lit(pick(rng) % 11 - 5);
  }
  static const std::vector<BinOp> ops = {BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Mod,
                                         BinOp::Min, BinOp::Max, BinOp::BitAnd, BinOp::BitOr, BinOp::BitXor,
                                         BinOp::Shl, BinOp::Shr};
  BinOp op = ops[static_cast<std::size_t>(pick(rng)) % ops.size()];
  Expr a = random_expr(rng, depth - 1), b = random_expr(rng, depth - 1);
  // Shift amounts and masks in their useful forms half of the time.
  if ((op == BinOp::Shl || op == BinOp::Shr) && pick(rng) < 50) b = int_lit(pick(rng) % 4);
  if (op == BinOp::BitAnd && pick(rng) < 50) b = int_lit((1 << (pick(rng) % 4)) - 1);
  if (op == BinOp::Div || op == BinOp::Mod) {
    if (pick(rng) < 50) b = int_lit(pick(rng) % 7 - 3);
  }
  if (pick(rng) < 10) return raw_unary(UnOp::BitNot, raw_binary(op, a, b));
  if (pick(rng) < 10) return raw_unary(UnOp::Neg, raw_binary(op, a, b));
  return raw_binary(op, a, b);
}

// Whether every subterm of e stays within a 32-bit int and every shift
// amount is below 32, where bit-vector mode (32 bits) and the integers agree.
bool fits_32_bits(const Expr& e, const Env& env) {
  if (!e) return true;
  std::int64_t v = eval_int(e, env);
  if (v < INT32_MIN || v > INT32_MAX) return false;
  if (e->kind == ExprNode::Kind::Binary && (e->binop == BinOp::Shl || e->binop == BinOp::Shr) &&
      eval_int(e->b, env) >= 32)
    return false;
  return fits_32_bits(e->a, env) && fits_32_bits(e->b, env) && fits_32_bits(e->c, env);
}

}  // namespace

TEST(Encoder, AgreesWithTheInterpreterOnRandomExpressions) {
  std::mt19937 rng(7);
  int checked = 0, bitvector = 0;
  z3::context ctx;  // one context, one solver: scopes are cheap, contexts are not
  z3::solver solver(ctx);
  for (int i = 0; i < 2000; ++i) {
    Expr e = random_expr(rng, 3);
    std::map<std::string, std::int64_t> values = {{"a", 0}, {"b", 0}, {"c", 0}};
    for (auto& [k, v] : values) v = std::uniform_int_distribution<int>(-40, 40)(rng);
    std::int64_t expected = 0;
    try {
      expected = eval_int(e, [&](const std::string& n) -> std::optional<std::int64_t> { return values.at(n); });
    } catch (const EvalError&) {
      continue;  // undefined in C: nothing to compare
    }
    bool bv = racecert::smt::detail::needs_bitvectors(e, nullptr);
    Env env = [&](const std::string& n) -> std::optional<std::int64_t> { return values.at(n); };
    (void)fits_32_bits;  // 64-bit mode: the interpreter's values all fit
    bitvector += bv;
    using namespace racecert::smt::detail;
    Encoder enc(ctx, bv ? Domain::BitVector : Domain::Integer, Products::Real);
    z3::solver& s = solver;
    s.push();
    for (const auto& [k, v] : values) s.add(enc.variable(k) == enc.number(v));
    s.add(enc.encode(e) != enc.number(expected));
    for (const auto& c : enc.side_constraints()) s.add(c);
    z3::check_result result = s.check();
    s.pop();
    ASSERT_EQ(result, z3::unsat) << to_string(e) << " with a=" << values["a"] << " b=" << values["b"]
                                    << " c=" << values["c"] << " should be " << expected;
    ++checked;
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(bitvector, 250);
}

TEST(Encoder, ChoosesBitVectorsOnlyWhenNeeded) {
  std::string why;
  EXPECT_FALSE(racecert::smt::detail::needs_bitvectors(raw_binary(BinOp::BitAnd, var("x"), int_lit(31)), &why));
  EXPECT_FALSE(racecert::smt::detail::needs_bitvectors(raw_binary(BinOp::Shl, var("x"), int_lit(3)), &why));
  EXPECT_FALSE(racecert::smt::detail::needs_bitvectors(raw_unary(UnOp::BitNot, var("x")), &why));
  EXPECT_TRUE(racecert::smt::detail::needs_bitvectors(raw_binary(BinOp::BitXor, var("x"), var("j")), &why));
  EXPECT_EQ(why, "'^' in 'x ^ j'");
  EXPECT_TRUE(racecert::smt::detail::needs_bitvectors(raw_binary(BinOp::Shl, int_lit(1), var("k")), &why));
  EXPECT_TRUE(racecert::smt::detail::needs_bitvectors(raw_binary(BinOp::BitAnd, var("x"), int_lit(6)), &why));
}

// Linearized products (the first attempt of every query) over-approximate:
// a model may be wrong only when its products are not real, which
// model_is_exact() reports. Division and remainder by a variable use a
// quotient variable and a product in both domains.
TEST(Encoder, LinearizedModelsThatAreExactAreRight) {
  std::mt19937 rng(11);
  int checked = 0, exact_models = 0;
  z3::context ctx;
  for (int i = 0; i < 1500; ++i) {
    Expr e = random_expr(rng, 3);
    std::map<std::string, std::int64_t> values = {{"a", 0}, {"b", 0}, {"c", 0}};
    for (auto& [k, v] : values) v = std::uniform_int_distribution<int>(-40, 40)(rng);
    Env env = [&](const std::string& n) -> std::optional<std::int64_t> { return values.at(n); };
    std::int64_t expected = 0;
    try {
      expected = eval_int(e, env);
    } catch (const EvalError&) {
      continue;
    }
    using namespace racecert::smt::detail;
    bool bv = needs_bitvectors(e, nullptr);
    Encoder enc(ctx, bv ? Domain::BitVector : Domain::Integer, Products::Linearized);
    z3::solver s(ctx, z3::solver::simple());
    for (const auto& [k, v] : values) s.add(enc.variable(k) == enc.number(v));
    s.add(enc.encode(e) != enc.number(expected));
    for (const auto& c : enc.side_constraints()) s.add(c);
    z3::check_result result = s.check();
    ASSERT_NE(result, z3::unknown) << to_string(e);
    if (result == z3::sat) {
      ASSERT_FALSE(enc.model_is_exact(s.get_model())) << to_string(e) << " with a=" << values["a"]
                                                      << " b=" << values["b"] << " c=" << values["c"];
    } else {
      ++exact_models;
    }
    ++checked;
  }
  EXPECT_GT(checked, 800);
  EXPECT_GT(exact_models, checked / 2);  // the lemmas usually pin the products down
}

namespace {

// Sums of products of a, b, c and small literals: shared factors are common.
Expr random_polynomial(std::mt19937& rng, int depth) {
  std::uniform_int_distribution<int> pick(0, 99);
  if (depth == 0 || pick(rng) < 20) {
    int r = pick(rng) % 5;
    if (r < 3) return var(std::string(1, static_cast<char>('a' + r)));
    return int_lit(pick(rng) % 7 - 3);
  }
  static const std::vector<BinOp> ops = {BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Mul, BinOp::Mod};
  BinOp op = ops[static_cast<std::size_t>(pick(rng)) % ops.size()];
  if (op == BinOp::Mod) return raw_binary(op, random_polynomial(rng, depth - 1), int_lit(5));
  Expr a = random_polynomial(rng, depth - 1), b = random_polynomial(rng, depth - 1);
  return pick(rng) < 10 ? raw_unary(UnOp::Neg, raw_binary(op, a, b)) : raw_binary(op, a, b);
}

}  // namespace

// Gathering products by shared factor is distributivity: the same value for
// every assignment (brute force over a, b, c in -3..3).
TEST(Encoder, GatheringProductsKeepsTheValue) {
  std::mt19937 rng(5);
  int changed = 0;
  for (int i = 0; i < 600; ++i) {
    Expr e = random_polynomial(rng, 4);
    Expr g = racecert::smt::detail::distribute_products(e);
    changed += to_string(g) != to_string(e);
    for (int a = -3; a <= 3; ++a)
      for (int b = -3; b <= 3; ++b)
        for (int c = -3; c <= 3; ++c) {
          std::map<std::string, std::int64_t> values = {{"a", a}, {"b", b}, {"c", c}};
          Env env = [&](const std::string& n) -> std::optional<std::int64_t> { return values.at(n); };
          ASSERT_EQ(eval_int(e, env), eval_int(g, env)) << to_string(e) << " became " << to_string(g);
        }
  }
  EXPECT_GT(changed, 100);
  // The shape the lemmas need: one product per shared factor.
  Expr index = raw_binary(BinOp::Add,
                          raw_binary(BinOp::Add, raw_binary(BinOp::Mul, var("row"), var("pitch")), var("x")),
                          raw_binary(BinOp::Mul, raw_binary(BinOp::Mul, var("i"), int_lit(8)), var("pitch")));
  EXPECT_EQ(to_string(racecert::smt::detail::distribute_products(index)), "(row + 8 * i) * pitch + x");
}
