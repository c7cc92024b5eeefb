// The walks of expressions as DAGs against their tree walks (their
// references), on random DAGs whose nodes share sub-terms:
// - expr::MemoRename against expr::rename: the same expression, with the
//   sharing kept, and a mapping change seen only after clear() or
//   rebind() of the changed name;
// - expr::VarWalk against expr::for_each_var: the same names;
// - LevelMemo against level_of: the same level;
// and, on the chain of n early returns' flag, each shared node once.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "support/expr_memo.hpp"
#include "support/uniformity.hpp"

using namespace racecert::expr;
using racecert::LevelMemo;
using racecert::Uniformity;
using racecert::UniformityLevels;

namespace {

// A random DAG: each new node draws its operands among the nodes built so
// far, so later nodes share earlier ones (as the written values of a chain
// of read-modify-writes do).
Expr random_dag(std::mt19937& rng, int nodes) {
  std::vector<Expr> ints = {var("x"), var("y"), var("tid"), int_lit(3)};
  std::vector<Expr> bools = {bool_lit(true), var("p")};
  auto pick = [&](const std::vector<Expr>& from) {
    return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng)];
  };
  for (int i = 0; i < nodes; ++i) {
    switch (std::uniform_int_distribution<int>(0, 4)(rng)) {
      case 0: ints.push_back(raw_binary(BinOp::Add, pick(ints), pick(ints))); break;
      case 1: ints.push_back(raw_binary(BinOp::Mul, pick(ints), pick(ints))); break;
      case 2: ints.push_back(raw_ite(pick(bools), pick(ints), pick(ints))); break;
      case 3: bools.push_back(raw_binary(BinOp::Lt, pick(ints), pick(ints))); break;
      case 4: bools.push_back(raw_unary(UnOp::Not, pick(bools))); break;
    }
  }
  return raw_binary(BinOp::Eq, ints.back(), raw_ite(bools.back(), ints[ints.size() / 2], pick(ints)));
}

std::string thread_copy(const std::string& n) { return n == "y" ? n : n + "@1"; }

TEST(ExprMemoRename, SameExpressionAsPlainRenameOnRandomDags) {
  std::mt19937 rng(18);
  for (int round = 0; round < 300; ++round) {
    MemoRename memo(thread_copy);
    // Several expressions through one memo, as the accesses of one trace.
    for (int k = 0; k < 4; ++k) {
      Expr e = random_dag(rng, 1 + round % 25);
      Expr plain = rename(e, thread_copy), shared = memo(e);
      ASSERT_TRUE(equal(plain, shared)) << to_string(plain) << "\nvs\n" << to_string(shared);
      EXPECT_EQ(to_string(plain), to_string(shared));
    }
  }
}

TEST(ExprMemoRename, SharedSubTermIsRenamedOnce) {
  Expr chain = var("v"), b = var("b");
  std::vector<Expr> values;
  for (int i = 0; i < 100; ++i) {
    chain = raw_binary(BinOp::Add, chain, b);
    values.push_back(chain);
  }
  MemoRename memo(thread_copy);
  std::vector<Expr> out;
  for (const auto& v : values) out.push_back(memo(v));
  // Each value's renaming reuses the previous one's node: 100 additions, one
  // node each, plus the two variables, not 100 * 101 / 2 copies.
  for (std::size_t i = 1; i < out.size(); ++i) EXPECT_EQ(out[i]->a, out[i - 1]);
  EXPECT_EQ(memo.memo_size(), 102u);
  EXPECT_EQ(to_string(out[1]), "v@1 + b@1 + b@1");
}

TEST(ExprMemoRename, ClearTakesAChangedMappingIntoAccount) {
  std::string suffix = "@1";
  MemoRename memo([&](const std::string& n) { return n + suffix; });
  Expr e = raw_binary(BinOp::Add, var("x"), int_lit(1));
  EXPECT_EQ(to_string(memo(e)), "x@1 + 1");
  suffix = "@1#2";
  EXPECT_EQ(to_string(memo(e)), "x@1 + 1");  // memoized: the mapping must not change unseen
  memo.clear();
  EXPECT_EQ(to_string(memo(e)), "x@1#2 + 1");
}

TEST(ExprMemoRename, EachNameIsLookedUpOnceUntilCleared) {
  std::map<std::string, int> asked;
  MemoRename memo([&](const std::string& n) {
    ++asked[n];
    return thread_copy(n);
  });
  // Distinct nodes of one name, in distinct expressions.
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(to_string(memo(raw_binary(BinOp::Add, var("x"), raw_binary(BinOp::Mul, var("x"), var("y"))))),
              "x@1 + x@1 * y");
  EXPECT_EQ(asked, (std::map<std::string, int>{{"x", 1}, {"y", 1}}));
  memo.clear();
  memo(var("x"));
  EXPECT_EQ(asked["x"], 2);
}

// The sequentialization's use: bindings of names enter and leave a scope
// between the renamings, each told to the memo by rebind(name). Against a
// plain rename under the mapping of the moment, on random DAGs and random
// rebinding of names both used already and not.
TEST(ExprMemoRename, RebindTakesEachChangedNameIntoAccountOnRandomDags) {
  std::mt19937 rng(1818);
  const std::vector<std::string> names = {"x", "y", "tid", "p"};
  for (int round = 0; round < 300; ++round) {
    std::map<std::string, int> copy;  // the current binding of each name: n@copy
    auto f = [&](const std::string& n) { return copy[n] ? n + "#" + std::to_string(copy[n]) : n; };
    MemoRename memo(f);
    for (int k = 0; k < 8; ++k) {
      if (std::uniform_int_distribution<int>(0, 1)(rng)) {
        const std::string& n = names[std::uniform_int_distribution<std::size_t>(0, names.size() - 1)(rng)];
        copy[n] = std::uniform_int_distribution<int>(0, 3)(rng);
        memo.rebind(n);
      }
      Expr e = random_dag(rng, 1 + round % 25);
      Expr plain = rename(e, f), shared = memo(e);
      ASSERT_EQ(to_string(plain), to_string(shared)) << "round " << round << " step " << k;
    }
  }
}

TEST(ExprMemoRename, RebindOfANameNotLookedUpKeepsTheMemo) {
  std::string x = "x@1";
  MemoRename memo([&](const std::string& n) { return n == "x" ? x : n + "@1"; });
  Expr shared = raw_binary(BinOp::Add, var("y"), int_lit(1));
  Expr e = raw_binary(BinOp::Mul, shared, shared);
  EXPECT_EQ(to_string(memo(e)), "(y@1 + 1) * (y@1 + 1)");
  std::size_t size = memo.memo_size();
  memo.rebind("x");  // never looked up: nothing memoized mentions it
  EXPECT_EQ(memo.memo_size(), size);
  x = "x@1#2";
  EXPECT_EQ(to_string(memo(raw_binary(BinOp::Add, var("x"), shared))), "x@1#2 + (y@1 + 1)");
  memo.rebind("x");  // looked up now: the memo goes
  EXPECT_EQ(memo.memo_size(), 0u);
  x = "x@1#3";
  EXPECT_EQ(to_string(memo(raw_binary(BinOp::Add, var("x"), shared))), "x@1#3 + (y@1 + 1)");
}

TEST(ExprMemoRename, UnchangedExpressionIsReturnedItself) {
  Expr e = raw_binary(BinOp::Add, var("y"), raw_unary(UnOp::Neg, var("y")));
  MemoRename memo(thread_copy);
  EXPECT_EQ(memo(e), e);
}

// The guards of n early returns: guard k reads the flag after k returns,
// an ite chain k deep that shares the chain of guard k - 1.
std::vector<Expr> early_return_guards(int n) {
  Expr flag = int_lit(0);
  std::vector<Expr> guards;
  for (int k = 0; k < n; ++k) {
    flag = raw_ite(raw_binary(BinOp::Eq, var("c" + std::to_string(k)), int_lit(k)), int_lit(1), flag);
    guards.push_back(raw_unary(UnOp::Not, raw_binary(BinOp::Ne, flag, int_lit(0))));
  }
  return guards;
}

TEST(ExprVarWalk, SeesTheNamesOfTheTreeWalkOnRandomDags) {
  std::mt19937 rng(19);
  for (int round = 0; round < 300; ++round) {
    VarWalk walk;
    std::set<std::string> tree, dag;
    // Several expressions through one walker: a name seen through a node
    // an earlier expression shares was seen then.
    for (int k = 0; k < 4; ++k) {
      Expr e = random_dag(rng, 1 + round % 25);
      for_each_var(e, [&](const std::string& v) { tree.insert(v); });
      walk(e, [&](const std::string& v) { dag.insert(v); });
      ASSERT_EQ(tree, dag) << to_string(e);
    }
  }
}

TEST(ExprVarWalk, SharedChainIsWalkedOnce) {
  std::vector<Expr> guards = early_return_guards(100);
  VarWalk walk;
  std::map<std::string, int> dag;
  for (const auto& g : guards) walk(g, [&](const std::string& v) { ++dag[v]; });
  EXPECT_EQ(dag.size(), 100u);
  for (const auto& [v, n] : dag) EXPECT_EQ(n, 1) << v;
  int tree = 0;
  for (const auto& g : guards) for_each_var(g, [&](const std::string&) { ++tree; });
  EXPECT_EQ(tree, 100 * 101 / 2);
}

TEST(LevelMemo, SameLevelAsLevelOfOnRandomDags) {
  std::mt19937 rng(20);
  const Uniformity all[] = {Uniformity::Grid, Uniformity::Block, Uniformity::Thread};
  for (int round = 0; round < 300; ++round) {
    // "tid" stays absent: per thread.
    UniformityLevels levels;
    for (const char* v : {"x", "y", "p"}) levels[v] = all[rng() % 3];
    LevelMemo memo(levels);
    for (int k = 0; k < 4; ++k) {
      Expr e = random_dag(rng, 1 + round % 25);
      ASSERT_EQ(memo(e), level_of(e, levels)) << to_string(e);
      ASSERT_EQ(memo(e->a), level_of(e->a, levels)) << to_string(e->a);
    }
  }
}

TEST(LevelMemo, SharedChainIsWalkedOnceAndNamesMayComeLater) {
  std::vector<Expr> guards = early_return_guards(100);
  UniformityLevels levels;
  for (int k = 0; k < 100; ++k) levels["c" + std::to_string(k)] = k == 60 ? Uniformity::Block : Uniformity::Grid;
  LevelMemo memo(levels);
  for (int k = 0; k < 100; ++k) EXPECT_EQ(memo(guards[k]), k < 60 ? Uniformity::Grid : Uniformity::Block) << k;
  // One entry per link of the chain that the next link shares with its
  // guard; none for the last link or the nodes below a guard, which have
  // one owner each.
  EXPECT_EQ(memo.memo_size(), 99u);
  levels["t"] = Uniformity::Thread;
  EXPECT_EQ(memo(raw_binary(BinOp::Add, var("t"), var("c0"))), Uniformity::Thread);
  EXPECT_EQ(memo(raw_binary(BinOp::Add, var("c0"), var("c1"))), Uniformity::Grid);
}

}  // namespace
