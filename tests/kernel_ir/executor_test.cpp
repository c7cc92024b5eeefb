// The per-thread executor on kernel-IR text fixtures: concrete values,
// unknowns for untracked ones, hooks in program order; and the partial
// evaluator it uses (expr::eval_partial) against eval_int, at random.
#include <gtest/gtest.h>

#include <random>

#include "kernel_ir/executor.hpp"
#include "kernel_ir/parser.hpp"

namespace racecert::kir {
namespace {

// Records every hook call as one line of text.
class Recorder : public ThreadExecutor {
 public:
  std::vector<std::string> events;

 private:
  std::string index(const Location& at) {
    std::string s = at.array;
    for (const auto& i : at.index) {
      Value v = eval(i);
      s += "[" + (v ? std::to_string(*v) : std::string("?")) + "]";
    }
    return s;
  }
  void on_load(const Load& l) override { events.push_back("read " + index(l.at)); }
  void on_store(const Store& s) override { events.push_back("write " + index(s.at)); }
  void on_atomic(const Atomic& a) override { events.push_back("atomic " + index(a.at)); }
  void on_barrier(const Barrier&) override { events.push_back("barrier"); }
  void on_unsupported(const Unsupported& u) override { events.push_back("unsupported " + u.what); }
  void on_undecided(const std::vector<const Block*>& parts, const char* what, const SourceLoc&) override {
    events.push_back(std::string("undecided ") + what + " " + std::to_string(parts.size()));
  }
};

Recorder run(const std::string& text, Environment env = {}) {
  Kernel k = parse_kernel(text, "k.kir");
  Recorder r;
  r.env = std::move(env);
  r.run(k.body);
  return r;
}

TEST(Executor, ALoopSumsIntoAVariable) {
  Recorder r = run(R"(cuda kernel k {
  sum = 0;
  loop (i < n) {
    init:
      i = 0;
    body:
      sum = sum + i * threadIdx.x;
    update:
      i = i + 1;
  }
}
)",
                   {{"n", 5}, {"threadIdx.x", 3}});
  EXPECT_EQ(r.lookup("sum"), 30);
  EXPECT_EQ(r.lookup("i"), 5);
  EXPECT_TRUE(r.events.empty());
}

TEST(Executor, AnUntrackedLoadIsUnknown) {
  Recorder r = run(R"(cuda kernel k {
  x = load A[threadIdx.x + 1];
  y = x + 1;
  z = x * 0;
  w = x > 0 || true;
  v = ?;
}
)",
                   {{"threadIdx.x", 7}});
  EXPECT_EQ(r.events, (std::vector<std::string>{"read A[8]"}));
  EXPECT_EQ(r.lookup("x"), std::nullopt);
  EXPECT_EQ(r.lookup("y"), std::nullopt);
  EXPECT_EQ(r.lookup("z"), 0);  // decided by the known operand
  EXPECT_EQ(r.lookup("w"), 1);
  EXPECT_EQ(r.lookup("v"), std::nullopt);
  EXPECT_EQ(r.lookup("never_assigned"), std::nullopt);
}

TEST(Executor, HooksSeeEveryEffectInOrder) {
  Recorder r = run(R"(cuda kernel k {
  store s[threadIdx.x] = 1;
  c = barrier.block;
  t = atomic.add.relaxed.device g[0], 1;
  fence.seq_cst.device;
  assert c == 0;
  unsupported "asm";
  load s[c];
}
)",
                   {{"threadIdx.x", 2}, {"c", 5}});
  EXPECT_EQ(r.events, (std::vector<std::string>{"write s[2]", "barrier", "atomic g[0]", "unsupported asm", "read s[?]"}));
  EXPECT_EQ(r.lookup("t"), std::nullopt);
  EXPECT_EQ(r.lookup("c"), std::nullopt);  // a barrier's result depends on the other threads
}

TEST(Executor, JumpsAndDoLoops) {
  Recorder r = run(R"(cuda kernel k {
  loop (true) {
    init:
      i = 0;
    body:
      if (i == 5) {
        break;
      }
      if (i % 2 == 0) {
        continue;
      }
      store s[i] = 0;
    update:
      i = i + 1;
  }
  do-loop (false) {
    body:
      j = 1;
  }
  return;
  store s[100] = 0;
}
)");
  EXPECT_EQ(r.lookup("i"), 5);
  EXPECT_EQ(r.lookup("j"), 1);
  // continue skips the store but not the update; return skips the last store.
  EXPECT_EQ(r.events, (std::vector<std::string>{"write s[1]", "write s[3]"}));
}

TEST(Executor, AnUndecidedBranchForgetsWhatItAssigns) {
  Recorder r = run(R"(cuda kernel k {
  a = 1;
  b = 2;
  c = 3;
  if (n > 0) {
    a = 4;
  } else {
    b = 4;
  }
  loop (i < n) {
    body:
      i = i + 1;
  }
}
)",
                   {{"i", 0}});
  EXPECT_EQ(r.events, (std::vector<std::string>{"undecided a branch 2", "undecided a loop condition 2"}));
  EXPECT_EQ(r.lookup("a"), std::nullopt);
  EXPECT_EQ(r.lookup("b"), std::nullopt);
  EXPECT_EQ(r.lookup("c"), 3);
  EXPECT_EQ(r.lookup("i"), std::nullopt);
}

// ---- eval_partial against eval_int on random expressions

expr::Expr random_expr(std::mt19937& rng, int depth) {
  using namespace expr;
  std::uniform_int_distribution<int> pick(0, depth <= 0 ? 1 : 5);
  switch (pick(rng)) {
    case 0: return int_lit(std::uniform_int_distribution<int>(-3, 3)(rng));
    case 1: return var(std::string(1, "xyz"[std::uniform_int_distribution<int>(0, 2)(rng)]));
    case 2: {
      static const UnOp ops[] = {UnOp::Neg, UnOp::Not, UnOp::BitNot};
      return raw_unary(ops[rng() % 3], random_expr(rng, depth - 1));
    }
    case 5: return raw_ite(random_expr(rng, depth - 1), random_expr(rng, depth - 1), random_expr(rng, depth - 1));
    default: {
      static const BinOp ops[] = {BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Mod, BinOp::Min,
                                  BinOp::Max, BinOp::BitAnd, BinOp::BitOr, BinOp::BitXor, BinOp::Shl, BinOp::Shr,
                                  BinOp::Eq, BinOp::Ne, BinOp::Lt, BinOp::Le, BinOp::Gt, BinOp::Ge,
                                  BinOp::And, BinOp::Or};
      return raw_binary(ops[rng() % std::size(ops)], random_expr(rng, depth - 1), random_expr(rng, depth - 1));
    }
  }
}

// Where eval_partial gives a value with z unknown, every value of z for
// which eval_int succeeds gives the same; with z known, eval_partial is
// eval_int wherever eval_int succeeds.
TEST(EvalPartial, AgreesWithEvalIntForEveryValueOfTheUnknown) {
  std::mt19937 rng(11);
  int decided_with_unknown = 0;
  for (int n = 0; n < 3000; ++n) {
    expr::Expr e = random_expr(rng, 4);
    SCOPED_TRACE(expr::to_string(e));
    auto partial = expr::eval_partial(e, [](const std::string& v) -> Value {
      if (v == "x") return 2;
      if (v == "y") return -1;
      return std::nullopt;
    });
    if (partial && expr::mentions(e, "z")) ++decided_with_unknown;
    for (std::int64_t z = -4; z <= 4; ++z) {
      expr::Env env = [z](const std::string& v) -> Value { return v == "x" ? 2 : v == "y" ? -1 : z; };
      std::optional<std::int64_t> full;
      try {
        full = expr::eval_int(e, env);
      } catch (const expr::EvalError&) {
        continue;
      }
      if (partial) { EXPECT_EQ(*partial, *full) << "z = " << z; }
      EXPECT_EQ(expr::eval_partial(e, env), full) << "z = " << z;
    }
  }
  EXPECT_GT(decided_with_unknown, 100);  // the decided cases are exercised
}

}  // namespace
}  // namespace racecert::kir
