// The inferrer's environment (inference/environment.hpp) against the
// copying it replaced: random nests of assignments and conditionals run on
// an Environment and on a map copied for each branch and joined
// (ite(cond, then, else) where the branches differ; a value only the
// then-branch made stays). Both must end with the same values.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <variant>
#include <vector>

#include "inference/environment.hpp"

namespace racecert::inference {
namespace {

using namespace racecert::expr;

// A program: assignments (of a literal, or of another variable's value
// when it has one) and conditionals.
struct Op {
  std::string var, from;  // from: empty for the literal
  std::int64_t literal = 0;
  int cond = -1;  // >= 0: a conditional on variable c<cond>
  std::vector<Op> then_ops, else_ops;
};

const char* kVars[] = {"a", "b", "c", "d", "e"};

std::vector<Op> random_ops(std::mt19937& rng, int depth) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  std::vector<Op> ops(pick(4));
  for (auto& op : ops) {
    if (depth < 3 && pick(3) == 0) {
      op.cond = pick(3);
      op.then_ops = random_ops(rng, depth + 1);
      op.else_ops = random_ops(rng, depth + 1);
      continue;
    }
    op.var = kVars[pick(5)];
    if (pick(3) == 0) op.from = kVars[pick(5)];
    op.literal = pick(3);
  }
  return ops;
}

// The reference: the copies of the environment per branch.
void run_copying(const std::vector<Op>& ops, std::map<std::string, Expr>& env) {
  for (const auto& op : ops) {
    if (op.cond < 0) {
      auto from = env.find(op.from);
      env[op.var] = op.from.empty() || from == env.end() ? int_lit(op.literal) : from->second;
      continue;
    }
    Expr c = var("c" + std::to_string(op.cond));
    std::map<std::string, Expr> before = env;
    run_copying(op.then_ops, env);
    std::map<std::string, Expr> then_env = std::move(env);
    env = before;
    run_copying(op.else_ops, env);
    for (const auto& [v, then_value] : then_env) {
      auto e = env.find(v);
      if (e == env.end()) env[v] = then_value;
      else if (!equal(e->second, then_value)) e->second = ite(c, then_value, e->second);
    }
  }
}

void run_journaled(const std::vector<Op>& ops, Environment& env) {
  for (const auto& op : ops) {
    if (op.cond < 0) {
      bool copy = !op.from.empty() && env.has(op.from);
      env.set(op.var, copy ? env.get(op.from) : int_lit(op.literal));
      continue;
    }
    env.conditional(
        var("c" + std::to_string(op.cond)), [&] { run_journaled(op.then_ops, env); },
        [&] { run_journaled(op.else_ops, env); });
  }
}

TEST(Environment, JoinsBranchesAsCopiesOfItDid) {
  int differed = 0, conditionals = 0;
  for (unsigned seed = 0; seed < 600; ++seed) {
    std::mt19937 rng(seed);
    std::vector<Op> ops = random_ops(rng, 0);
    std::map<std::string, Expr> reference;
    Environment env;
    run_copying(ops, reference);
    run_journaled(ops, env);
    for (const char* v : kVars) {
      ASSERT_EQ(env.has(v), reference.count(v) > 0) << "seed " << seed << " variable " << v;
      if (!env.has(v)) {
        EXPECT_EQ(env.get(v), nullptr);
        continue;
      }
      ASSERT_TRUE(equal(env.get(v), reference.at(v)))
          << "seed " << seed << " variable " << v << ": " << to_string(env.get(v)) << " against "
          << to_string(reference.at(v));
      differed += reference.at(v)->kind == ExprNode::Kind::Ite;
    }
    for (const auto& op : ops) conditionals += op.cond >= 0;
  }
  // Joins that made conditional values, and many conditionals, were met.
  EXPECT_GT(differed, 200);
  EXPECT_GT(conditionals, 250);  // at the top level (300 of 600 programs)
}

TEST(Environment, KeepsWhatOneBranchAloneGives) {
  Environment env;
  env.set("x", int_lit(1));
  env.conditional(
      var("c"), [&] { env.set("y", int_lit(2)); },
      [&] {
        EXPECT_FALSE(env.has("y"));  // the then-branch's value is undone
        env.set("z", int_lit(3));
        env.set("x", int_lit(4));
      });
  EXPECT_TRUE(equal(env.get("y"), int_lit(2)));
  EXPECT_TRUE(equal(env.get("z"), int_lit(3)));
  EXPECT_TRUE(equal(env.get("x"), ite(var("c"), int_lit(1), int_lit(4))));
}

}  // namespace
}  // namespace racecert::inference
