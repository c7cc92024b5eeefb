// Jump elimination and the uniformity analysis on kernel-IR text fixtures,
// and jump elimination against the executor on random programs: the
// program without jumps stores the same cells and ends with the same values.
#include <gtest/gtest.h>

#include <random>

#include "kernel_ir/executor.hpp"
#include "kernel_ir/jump_elimination.hpp"
#include "kernel_ir/live_ranges.hpp"
#include "kernel_ir/parser.hpp"
#include "kernel_ir/uniformity_analysis.hpp"
#include "tests/kernel_ir/store_cells.hpp"

namespace racecert::kir {
namespace {

TEST(JumpElimination, AReturnGuardsTheRest) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  if (threadIdx.x > 3) {
    return;
  }
  store s[threadIdx.x] = 1;
}
)", "k.kir");
  EXPECT_EQ(print(eliminate_jumps(k)), R"(cuda kernel k {
  local bool returned#1;
  returned#1 = 0;
  if (threadIdx.x > 3) {
    returned#1 = 1;
  }
  if (!(returned#1 != 0)) {
    store s[threadIdx.x] = 1;
  }
}
)");
}

TEST(UniformityAnalysis, LevelsFollowDataAndControl) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  param int n;
  local int x;
  local int b;
  local int c;
  local int p;
  local int u;
  local int r;
  x = load A[0];
  b = blockIdx.x + n;
  if (b > 2) {
    c = 1;
  }
  if (threadIdx.x < 3) {
    p = 1;
  }
  u = 1 - u;
  r = c + p;
}
)", "k.kir");
  auto levels = uniformity(k);
  EXPECT_EQ(levels["n"], Uniformity::Grid);
  EXPECT_EQ(levels["x"], Uniformity::Thread);  // read from memory
  EXPECT_EQ(levels["b"], Uniformity::Block);
  EXPECT_EQ(levels["c"], Uniformity::Block);   // control dependence
  EXPECT_EQ(levels["p"], Uniformity::Thread);
  EXPECT_EQ(levels["u"], Uniformity::Grid);    // the ping-pong index stays uniform
  EXPECT_EQ(level_of(expr::var("undeclared"), levels), Uniformity::Thread);
}

TEST(UniformityAnalysis, LoadsOfOneUnwrittenCellAreUniform) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  param int n;
  array global int cfg<4>[] (parameter);
  array shared int s<4>[64];
  array global int out<4>[] (parameter);
  local int g;
  local int b;
  local int t;
  local int w;
  local int c;
  g = load cfg[n];
  b = load s[blockIdx.x];
  t = load cfg[threadIdx.x];
  w = load out[0];
  if (t > 0) {
    c = load cfg[1];
  }
  store out[threadIdx.x] = c;
}
)", "k.kir");
  auto levels = uniformity(k);
  EXPECT_EQ(levels["g"], Uniformity::Grid);    // one cell of a global array nothing writes
  EXPECT_EQ(levels["b"], Uniformity::Block);   // shared: one copy per block
  EXPECT_EQ(levels["t"], Uniformity::Thread);  // a cell per thread
  EXPECT_EQ(levels["w"], Uniformity::Thread);  // out is written: it may change between reads
  EXPECT_EQ(levels["c"], Uniformity::Thread);  // control dependence: read after the branch
}

// A variable assigned once and read only after its assignment, in the same
// block, is as uniform as its value whatever the control around it: a
// thread that skips the assignment never reads it.
TEST(UniformityAnalysis, ControlDoesNotReachAValueReadOnlyAfterItsAssignment) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  param int n;
  array global int cfg<4>[] (parameter);
  array global int out<4>[] (parameter);
  local int i;
  local int inside;
  local int twice;
  local int early;
  local int carried;
  if (threadIdx.x < n) {
    inside = load cfg[0];
    store out[threadIdx.x] = inside;
    twice = 1;
  }
  if (threadIdx.x > 3) {
    twice = 2;
    store out[twice] = 0;
  }
  loop (i < n) {
    init:
      i = 0;
    body:
      if (threadIdx.x < i) {
        store out[early] = 0;
        early = load cfg[2];
        carried = load cfg[3];
        store out[carried] = 0;
      }
    update:
      i = i + 1;
  }
}
)", "k.kir");
  auto levels = uniformity(k);
  EXPECT_EQ(levels["inside"], Uniformity::Grid);  // read after it in its block
  EXPECT_EQ(levels["twice"], Uniformity::Thread);  // two assignments
  EXPECT_EQ(levels["early"], Uniformity::Thread);  // read before it: last iteration's value
  EXPECT_EQ(levels["carried"], Uniformity::Grid);
}

// A value read before the assignment that raises it, in program order (the
// previous iteration's x): the analysis walks again until nothing rises,
// through a chain as long as the loop body (z from y from x).
TEST(UniformityAnalysis, ValuesCarriedAroundALoopReachTheFixpoint) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  param int n;
  local int i;
  local int x;
  local int y;
  local int z;
  local int w;
  i = 0;
  x = 0;
  y = 0;
  z = 0;
  loop (i < n) {
    body:
      z = y;
      y = x;
      x = threadIdx.x;
      w = z;
    update:
      i = i + 1;
  }
}
)", "k.kir");
  auto levels = uniformity(k);
  for (const char* v : {"x", "y", "z", "w"}) EXPECT_EQ(levels[v], Uniformity::Thread) << v;
  EXPECT_EQ(levels["i"], Uniformity::Grid);
}

TEST(UniformityAnalysis, SharedLoadsAreUniformOutsideTheIntervalsThatWriteThem) {
  auto level_of_c = [](const std::string& body) {
    Kernel k = parse_kernel(R"(cuda kernel k {
  array shared int s<4>[64];
  local int c;
  local int i;
)" + body + "}\n", "k.kir");
    return uniformity(k)["c"];
  };
  // Written, then a barrier, then one cell read by all: uniform in the block.
  EXPECT_EQ(level_of_c("  store s[threadIdx.x] = 1;\n  barrier.block;\n  c = load s[0];\n"), Uniformity::Block);
  // Written in the same interval: the read may see the old or the new value.
  EXPECT_EQ(level_of_c("  store s[threadIdx.x] = 1;\n  c = load s[0];\n"), Uniformity::Thread);
  // Written after the read in the same interval: as racy.
  EXPECT_EQ(level_of_c("  c = load s[0];\n  store s[threadIdx.x] = 1;\n  barrier.block;\n"), Uniformity::Thread);
  // Around a loop: the write at the end of one iteration and the read at
  // the start of the next share an interval unless a barrier separates them.
  EXPECT_EQ(level_of_c("  i = 0;\n  loop (i < 4) {\n    body:\n      c = load s[0];\n      store s[threadIdx.x] = c;\n"
                       "    update:\n      i = i + 1;\n  }\n"),
            Uniformity::Thread);
  EXPECT_EQ(level_of_c("  i = 0;\n  loop (i < 4) {\n    body:\n      c = load s[0];\n      barrier.block;\n"
                       "      store s[threadIdx.x] = c;\n      barrier.block;\n    update:\n      i = i + 1;\n  }\n"),
            Uniformity::Block);
}

// ---- random programs with jumps

using Stores = testkit::StoreCells;

class RandomProgram {
 public:
  explicit RandomProgram(unsigned seed) : rng_(seed) {}

  Kernel kernel() {
    Kernel k;
    k.name = "random";
    k.language = "cuda";
    for (const char* v : {"a", "b", "c"}) k.locals.push_back(Variable{v, ScalarType::Int, {}});
    k.body = block(3, false);
    for (int i = 0; i < loops_; ++i) k.locals.push_back(Variable{"i" + std::to_string(i), ScalarType::Int, {}});
    return k;
  }

 private:
  std::mt19937 rng_;
  int loops_ = 0;

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  Expr operand() {
    static const char* vars[] = {"a", "b", "c"};
    return pick(3) ? expr::var(vars[pick(3)]) : expr::int_lit(pick(5));
  }
  Expr value() {
    static const expr::BinOp ops[] = {expr::BinOp::Add, expr::BinOp::Sub, expr::BinOp::Mul, expr::BinOp::BitXor};
    return expr::binary(ops[pick(4)], operand(), operand());
  }
  Expr condition() {
    static const expr::BinOp ops[] = {expr::BinOp::Lt, expr::BinOp::Eq, expr::BinOp::Ne, expr::BinOp::Ge};
    return expr::binary(ops[pick(4)], operand(), operand());
  }

  Block block(int depth, bool in_loop) {
    Block b;
    int n = 1 + pick(4);
    for (int i = 0; i < n; ++i) {
      static const char* vars[] = {"a", "b", "c"};
      int kind = pick(depth > 0 ? 9 : 6);
      if (kind <= 1) {
        b.push_back(Stmt{Assign{vars[pick(3)], value(), {}}});
      } else if (kind == 2) {
        b.push_back(Stmt{Store{Location{"s", {value()}}, nullptr, {}}});
      } else if (kind == 3 && in_loop) {
        b.push_back(Stmt{Break{}});
      } else if (kind == 4 && in_loop) {
        b.push_back(Stmt{Continue{}});
      } else if (kind == 5 && pick(3) == 0) {
        b.push_back(Stmt{Return{}});
      } else if (kind == 6 || kind == 7) {
        b.push_back(Stmt{If{condition(), block(depth - 1, in_loop), pick(2) ? block(depth - 1, in_loop) : Block{}, {}}});
      } else if (kind == 8) {
        // A counted loop on its own variable, 0 to 3 iterations.
        std::string i = "i" + std::to_string(loops_++);
        Loop l;
        l.init = {Stmt{Assign{i, expr::int_lit(0), {}}}};
        l.cond = expr::binary(expr::BinOp::Lt, expr::var(i), expr::int_lit(pick(4)));
        l.body = block(depth - 1, true);
        l.update = {Stmt{Assign{i, expr::binary(expr::BinOp::Add, expr::var(i), expr::int_lit(1)), {}}}};
        l.test_first = pick(4) != 0;
        b.push_back(Stmt{std::move(l)});
      } else {
        b.push_back(Stmt{Store{Location{"s", {operand()}}, nullptr, {}}});
      }
    }
    return b;
  }
};

TEST(JumpElimination, KeepsWhatEveryRandomProgramDoes) {
  int with_jumps = 0;
  for (unsigned seed = 0; seed < 2000; ++seed) {
    Kernel k = RandomProgram(seed).kernel();
    Kernel flat = eliminate_jumps(k);
    SCOPED_TRACE(print(k) + "\nwithout jumps:\n" + print(flat));
    Stores before, after;
    before.env = after.env = {{"a", 1}, {"b", 2}, {"c", 3}};
    before.run(k.body);
    EXPECT_EQ(after.run(flat.body), Flow::Normal);
    EXPECT_EQ(before.cells, after.cells);
    for (const char* v : {"a", "b", "c"}) EXPECT_EQ(before.lookup(v), after.lookup(v)) << v;
    if (flat.locals.size() > k.locals.size()) ++with_jumps;
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GT(with_jumps, 500);  // the jumps are exercised
}


// Live-range splitting renames only: every random program (with its jumps,
// and after jump elimination, where inference runs it) stores to the same
// cells in the same order after it.
TEST(LiveRanges, KeepWhatEveryRandomProgramDoes) {
  int split = 0;
  for (unsigned seed = 0; seed < 2000; ++seed) {
    Kernel k = RandomProgram(seed).kernel();
    for (const Kernel& original : {k, eliminate_jumps(k)}) {
      Kernel renamed = split_live_ranges(original);
      SCOPED_TRACE(print(original) + "\nsplit:\n" + print(renamed));
      Stores before, after;
      before.env = after.env = {{"a", 1}, {"b", 2}, {"c", 3}};
      before.run(original.body);
      after.run(renamed.body);
      EXPECT_EQ(before.cells, after.cells);
      if (renamed.locals.size() > original.locals.size()) ++split;
    }
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GT(split, 300);  // the renaming is exercised (361 of the 4000 runs)
}

// A loop counter reused for a uniform loop after a per-thread one keeps
// its own, uniform level; an assignment reading the old value is no
// restart, and nothing nested is renamed.
TEST(LiveRanges, AReusedCounterGetsItsOwnName) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  local int i;
  local int j;
  loop (i < 64) {
    init:
      i = threadIdx.x;
    body:
      store s[i] = 0;
    update:
      i = i + blockDim.x;
  }
  loop (i > 0) {
    init:
      i = 32;
    body:
      barrier.block;
      store s[i] = 1;
    update:
      i = i - 2;
  }
  j = i + 1;
  i = i * 2;
}
)", "k.kir");
  Kernel split = split_live_ranges(k);
  EXPECT_EQ(uniformity(k)["i"], Uniformity::Thread);
  auto levels = uniformity(split);
  EXPECT_EQ(levels["i"], Uniformity::Thread);
  EXPECT_EQ(levels["i#r1"], Uniformity::Grid);
  EXPECT_EQ(levels["j"], Uniformity::Grid);
  std::string text = print(split);
  EXPECT_NE(text.find("j = i#r1 + 1;"), std::string::npos) << text;
  EXPECT_NE(text.find("i#r1 = i#r1 * 2;"), std::string::npos) << text;
  EXPECT_EQ(text.find("i#r2"), std::string::npos) << text;
  EXPECT_EQ(written_name("i#r1"), "i");
  EXPECT_EQ(written_name("d#1"), "d#1");
}

// Whatever assigned a local first (a load, an atomic, a nested branch), an
// assignment starting it over splits it; a local only loaded, or only
// assigned once, keeps its name.
TEST(LiveRanges, AnyEarlierAssignmentCountsButOnlyRestartsSplit) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  local int a;
  local int b;
  local int c;
  local int d;
  a = load s[threadIdx.x];
  store s[a] = 0;
  a = 5;
  if (threadIdx.x > 0) {
    b = threadIdx.x;
  }
  b = 7;
  c = load s[0];
  c = load s[1];
  d = 3;
  store s[b + c + d] = a;
}
)", "k.kir");
  std::string text = print(split_live_ranges(k));
  EXPECT_NE(text.find("a#r1 = 5;"), std::string::npos) << text;
  EXPECT_NE(text.find("b#r1 = 7;"), std::string::npos) << text;
  EXPECT_NE(text.find("store s[b#r1 + c + d] = a#r1;"), std::string::npos) << text;
  EXPECT_NE(text.find("store s[a] = 0;"), std::string::npos) << text;
  EXPECT_EQ(text.find("c#r"), std::string::npos) << text;
  EXPECT_EQ(text.find("d#r"), std::string::npos) << text;
}

// Every expression counts as a read, wherever it is: a precondition, a
// condition, an index, a stored value, an atomic operand, a barrier count,
// an assumption. Assigned variables are not read by being assigned.
TEST(ReadVariables, EveryExpressionOfTheKernel) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  local int a;
  local int b;
  requires gridDim.z > 0;
  a = threadIdx.x;
  if (blockIdx.y > 0) {
    b = load s[a];
  }
  loop (a < blockDim.x) {
  body:
    store s[a] = threadIdx.z;
  }
  atomic.add.relaxed.device c[0], gridDim.x;
  bar.sync 1, blockDim.y;
  assume p > 0;
}
)", "k.kir");
  std::set<std::string> read = read_variables(k);
  EXPECT_EQ(read, (std::set<std::string>{"a", "blockDim.x", "blockDim.y", "blockIdx.y", "gridDim.x", "gridDim.z", "p",
                                         "threadIdx.x", "threadIdx.z"}));
}

}  // namespace
}  // namespace racecert::kir
