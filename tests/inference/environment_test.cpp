// The inferrer's environment (inference/environment.hpp) against the
// copying it replaced: random nests of assignments and conditionals run on
// an Environment and on a map copied for each branch and joined
// (ite(cond, then, else) where the branches differ; a value only the
// then-branch made stays). Both must end with the same values.
#include <gtest/gtest.h>

#include <functional>
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
struct EnvOp {
  std::string var, from;  // from: empty for the literal
  std::int64_t literal = 0;
  int cond = -1;  // >= 0: a conditional on variable c<cond>
  std::vector<EnvOp> then_ops, else_ops;
};

const char* kVars[] = {"a", "b", "c", "d", "e"};

std::vector<EnvOp> random_ops(std::mt19937& rng, int depth) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  std::vector<EnvOp> ops(pick(4));
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
void run_copying(const std::vector<EnvOp>& ops, std::map<std::string, Expr>& env) {
  for (const auto& op : ops) {
    if (op.cond < 0) {
      auto from = env.find(op.from);
      env[op.var] = op.from.empty() || from == env.end() ? int_lit(op.literal) : from->second;
      continue;
    }
    Expr c = var(std::string("c") + std::to_string(op.cond));
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

// one_armed: a conditional without else-branch runs as
// Environment::one_armed (as the inferrer runs it), else as conditional.
void run_journaled(const std::vector<EnvOp>& ops, Environment& env, bool one_armed) {
  for (const auto& op : ops) {
    if (op.cond < 0) {
      bool copy = !op.from.empty() && env.has(op.from);
      env.set(op.var, copy ? env.get(op.from) : int_lit(op.literal));
      continue;
    }
    Expr c = var(std::string("c") + std::to_string(op.cond));
    auto then_branch = [&] { run_journaled(op.then_ops, env, one_armed); };
    if (one_armed && op.else_ops.empty()) env.one_armed(c, then_branch);
    else env.conditional(c, then_branch, [&] { run_journaled(op.else_ops, env, one_armed); });
  }
}

TEST(Environment, JoinsBranchesAsCopiesOfItDid) {
  for (bool one_armed : {false, true}) {
    SCOPED_TRACE(one_armed ? "one-armed conditionals as such" : "every conditional with both branches");
    int differed = 0, conditionals = 0, without_else = 0;
    for (unsigned seed = 0; seed < 600; ++seed) {
      std::mt19937 rng(seed);
      std::vector<EnvOp> ops = random_ops(rng, 0);
      std::map<std::string, Expr> reference;
      Environment env;
      run_copying(ops, reference);
      run_journaled(ops, env, one_armed);
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
      for (const auto& op : ops) {
        conditionals += op.cond >= 0;
        without_else += op.cond >= 0 && op.else_ops.empty();
      }
    }
    // Joins that made conditional values, and many conditionals, were met.
    EXPECT_GT(differed, 200);
    EXPECT_GT(conditionals, 250);  // at the top level (300 of 600 programs)
    EXPECT_GT(without_else, 60);   // a quarter of them
  }
}

// Conditionals without else nested n deep (what jump elimination makes of
// n early returns): each level's variables are new, and keep the values
// the branches gave them; one variable changed at every level joins at
// every level.
TEST(Environment, NestedOneArmedConditionalsKeepWhatTheyIntroduce) {
  Environment env;
  env.set("flag", int_lit(0));
  auto named = [](char prefix, int k) {
    std::string name(1, prefix);
    name += std::to_string(k);  // appended: GCC 12 warns on prefix + to_string (-Wrestrict)
    return name;
  };
  std::function<void(int)> level = [&](int k) {
    env.set(named('t', k), int_lit(k));
    env.set("flag", int_lit(k + 1));
    if (k < 50) env.one_armed(var(named('c', k)), [&] { level(k + 1); });
  };
  env.one_armed(var("c"), [&] { level(0); });
  for (int k = 0; k <= 50; ++k) EXPECT_TRUE(equal(env.get(named('t', k)), int_lit(k))) << k;
  // flag: ite(c, ite(c0, ite(c1, ...), 1), 0)
  Expr expected = int_lit(51);
  for (int k = 49; k >= 0; --k) expected = ite(var(named('c', k)), expected, int_lit(k + 1));
  expected = ite(var("c"), expected, int_lit(0));
  EXPECT_TRUE(equal(env.get("flag"), expected)) << to_string(env.get("flag"));
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
