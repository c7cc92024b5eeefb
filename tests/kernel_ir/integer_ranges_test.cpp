// The interval analysis that drops redundant wraps (kernel_ir/integer_ranges):
// fixtures for what it proves, and a randomized differential test against
// the executor: on random programs over 8-bit values, the program without
// the dropped wraps computes the same stores and values for every input.
#include <gtest/gtest.h>

#include <random>

#include "kernel_ir/executor.hpp"
#include "kernel_ir/integer_ranges.hpp"
#include "kernel_ir/parser.hpp"
#include "tests/kernel_ir/store_cells.hpp"

namespace racecert::kir {
namespace {

using expr::BinOp;

Expr u32(Expr x) { return expr::wrap(std::move(x), 32, false); }
Expr s32(Expr x) { return expr::wrap(std::move(x), 32, true); }

TEST(IntegerRanges, WrapsAreRecognized) {
  Expr x = expr::var("x");
  for (int bits : {8, 16, 32})
    for (bool is_signed : {false, true}) {
      auto w = expr::as_wrap(expr::wrap(x, bits, is_signed));
      ASSERT_TRUE(w);
      EXPECT_EQ(w->bits, bits);
      EXPECT_EQ(w->is_signed, is_signed);
      EXPECT_TRUE(expr::equal(w->value, x));
    }
  // A mask of another width is the user's, not a type's.
  EXPECT_FALSE(expr::as_wrap(expr::binary(BinOp::BitAnd, x, expr::int_lit(127))));
  // Wraps compute two's complement on every int64.
  auto at = [&](const Expr& e, std::int64_t v) { return expr::eval_int(e, [&](const std::string&) { return v; }); };
  EXPECT_EQ(at(u32(x), -1), 4294967295);
  EXPECT_EQ(at(s32(x), 2147483648), -2147483648);
  EXPECT_EQ(at(expr::wrap(x, 8, true), 200), -56);
}

TEST(IntegerRanges, DropsWhatCannotOverflowAndKeepsTheRest) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  param int n;
  local unsigned g;
  local int i;
  local unsigned u;
  g = blockIdx.x * blockDim.x + threadIdx.x;
  i = 0;
  loop (i < n) {
    body:
      store a[i] = 1;
    update:
      i = ((i + 1 + 2147483648 & 4294967295) - 2147483648);
  }
  u = threadIdx.x - 1 & 4294967295;
  store b[g * 4 & 4294967295] = 1;
}
)", "k.kir");
  RangeFacts facts;
  facts.declared = {{"n", {INT32_MIN, INT32_MAX}}, {"i", {INT32_MIN, INT32_MAX}}, {"g", {0, UINT32_MAX}}};
  facts.block = std::array<std::int64_t, 3>{64, 1, 1};
  facts.grid = std::array<std::int64_t, 3>{4, 1, 1};
  WrapsLeft left = remove_redundant_wraps(k, facts);
  std::string text = print(k);
  EXPECT_NE(text.find("i = i + 1;"), std::string::npos) << text;     // i < n <= INT_MAX
  EXPECT_NE(text.find("u = threadIdx.x - 1 & 4294967295;"), std::string::npos) << text;  // thread 0 wraps
  EXPECT_NE(text.find("store b[g * 4]"), std::string::npos) << text;  // g < 256
  EXPECT_EQ(left.dropped, 2u);
  EXPECT_EQ(left.variables, std::set<std::string>{"threadIdx.x"});
}

// An if or a loop runs on the variables it mentions; the others keep their
// ranges through it: g < 64 still drops the wrap after a loop, an if, and
// a loop whose if breaks out (the break keeps the loop's whole state).
TEST(IntegerRanges, RangesOfVariablesAnIfOrLoopDoesNotMentionSurviveIt) {
  Kernel k = parse_kernel(R"(cuda kernel k {
  param int n;
  local unsigned g;
  local int i;
  local int j;
  g = threadIdx.x;
  i = 0;
  loop (i < n) {
    body:
      store a[i] = 1;
    update:
      i = i + 1;
  }
  if (n > 3) {
    j = 1;
  }
  store b[g * 4 & 4294967295] = 1;
  i = 0;
  loop (i < n) {
    body:
      if (i > 5) {
        break;
      }
      store a[g + 1 & 4294967295] = 1;
    update:
      i = i + 1;
  }
  store b[g * 8 & 4294967295] = 1;
}
)", "k.kir");
  RangeFacts facts;
  facts.declared = {{"n", {INT32_MIN, INT32_MAX}}, {"i", {INT32_MIN, INT32_MAX}}, {"j", {INT32_MIN, INT32_MAX}},
                    {"g", {0, UINT32_MAX}}};
  facts.block = std::array<std::int64_t, 3>{64, 1, 1};
  facts.grid = std::array<std::int64_t, 3>{4, 1, 1};
  WrapsLeft left = remove_redundant_wraps(k, facts);
  std::string text = print(k);
  EXPECT_NE(text.find("store b[g * 4]"), std::string::npos) << text;
  EXPECT_NE(text.find("store a[g + 1]"), std::string::npos) << text;
  EXPECT_NE(text.find("store b[g * 8]"), std::string::npos) << text;
  EXPECT_EQ(left.dropped, 3u);
}

TEST(IntegerRanges, LoopUpdatesAreAssumedToFit) {
  const char* text = R"(cuda kernel k {
  param int n;
  local int i;
  i = threadIdx.x;
  loop (i < n) {
    body:
      store a[i] = 1;
    update:
      i = (((i & 4294967295) + blockDim.x * gridDim.x & 4294967295) + 2147483648 & 4294967295) - 2147483648;
  }
}
)";
  RangeFacts facts;
  facts.declared = {{"n", {INT32_MIN, INT32_MAX}}, {"i", {INT32_MIN, INT32_MAX}}};
  Kernel assumed = parse_kernel(text, "k.kir");
  WrapsLeft a = remove_redundant_wraps(assumed, facts);
  EXPECT_NE(print(assumed).find("i = i + blockDim.x * gridDim.x;"), std::string::npos) << print(assumed);
  EXPECT_GT(a.loop_updates_assumed, 0u);
  // Without the assumption the grid-stride update of an int may wrap.
  facts.assume_loop_updates_fit = false;
  Kernel exact = parse_kernel(text, "k.kir");
  EXPECT_EQ(remove_redundant_wraps(exact, facts).loop_updates_assumed, 0u);
  EXPECT_EQ(print(exact).find("i = i + blockDim.x * gridDim.x;"), std::string::npos) << print(exact);
}

// The loop's test of a signed counter plus a constant (a grid-stride
// stencil's `i + 1 < n`) shares the update's assumption: its wrap goes, so
// that inference counts the loop, and the test bounds the counter in the
// body, so that `a[i + 1]` there needs none. An unsigned one's wrap stays
// (C defines it), and so does every wrap without the assumption.
TEST(IntegerRanges, ALoopTestOfTheCounterPlusAConstantIsAssumedToFit) {
  auto text = [](const std::string& test) {
    return R"(cuda kernel k {
  param int n;
  local int i;
  i = blockIdx.x * blockDim.x + threadIdx.x;
  loop ()" + test + R"( < n) {
    body:
      store a[(i + 1 + 2147483648 & 4294967295) - 2147483648] = 1;
    update:
      i = i + blockDim.x * gridDim.x;
  }
}
)";
  };
  RangeFacts facts;
  facts.declared = {{"n", {INT32_MIN, INT32_MAX}}, {"i", {INT32_MIN, INT32_MAX}}};
  const std::string i_plus_1 = "(i + 1 + 2147483648 & 4294967295) - 2147483648";
  Kernel assumed = parse_kernel(text(i_plus_1), "k.kir");
  WrapsLeft a = remove_redundant_wraps(assumed, facts);
  EXPECT_NE(print(assumed).find("loop (i + 1 < n)"), std::string::npos) << print(assumed);
  EXPECT_GT(a.loop_updates_assumed, 0u);
  // The test keeps i below INT_MAX - 1 in the body: `i + 1` there fits.
  EXPECT_NE(print(assumed).find("store a[i + 1] = 1;"), std::string::npos) << print(assumed);
  Kernel unsigned_test = parse_kernel(text("(i - 1 & 4294967295)"), "k.kir");  // -1 for thread 0: wraps
  remove_redundant_wraps(unsigned_test, facts);
  EXPECT_EQ(print(unsigned_test).find("loop (i - 1 < n)"), std::string::npos) << print(unsigned_test);
  Kernel not_a_constant = parse_kernel(text("(i + blockDim.x + 2147483648 & 4294967295) - 2147483648"), "k.kir");
  remove_redundant_wraps(not_a_constant, facts);
  EXPECT_EQ(print(not_a_constant).find("loop (i + blockDim.x < n)"), std::string::npos) << print(not_a_constant);
  facts.assume_loop_updates_fit = false;
  Kernel exact = parse_kernel(text(i_plus_1), "k.kir");
  EXPECT_EQ(remove_redundant_wraps(exact, facts).loop_updates_assumed, 0u);
  EXPECT_EQ(print(exact).find("loop (i + 1 < n)"), std::string::npos) << print(exact);
  EXPECT_EQ(print(exact).find("store a[i + 1] = 1;"), std::string::npos) << print(exact);
}

TEST(IntegerRanges, TheGlobalIndexFitsUnderTheLaunchAssumption) {
  RangeFacts symbolic;  // no launch: hardware limits, grids of at most 2^31 threads
  Expr gid = u32(u32(expr::var("blockIdx.x") * expr::var("blockDim.x")) + expr::var("threadIdx.x"));
  IntRange r = range_of(gid, {}, symbolic);
  EXPECT_EQ(r.lo, 0);
  EXPECT_EQ(r.hi, INT32_MAX);
  // Without the pattern, the product of the limits is far above 2^32.
  IntRange other = range_of(expr::var("blockIdx.x") * expr::var("threadIdx.x"), {}, symbolic);
  EXPECT_GT(other.hi, std::int64_t{1} << 40);
}

// Locals holding a builtin count as the builtin in the global index, as
// long as they hold it: a copy reassigned on one path does not.
TEST(IntegerRanges, CopiesOfTheBuiltinsFormTheGlobalIndex) {
  const char* text = R"(cuda kernel k {
  param int n;
  local int tx;
  local int bx;
  local int w;
  local int g;
  local int h;
  tx = threadIdx.x;
  bx = blockIdx.x;
  w = blockDim.x;
  g = (bx * w + tx + 2147483648 & 4294967295) - 2147483648;
  store a[g] = 1;
  if (n > 0) {
    tx = threadIdx.x + 1;
  }
  h = (bx * w + tx + 2147483648 & 4294967295) - 2147483648;
  store b[h] = 1;
}
)";
  RangeFacts facts;  // no launch: hardware limits and the launch assumption
  for (const char* v : {"n", "tx", "bx", "w", "g", "h"}) facts.declared[v] = {INT32_MIN, INT32_MAX};
  Kernel k = parse_kernel(text, "k.kir");
  WrapsLeft left = remove_redundant_wraps(k, facts);
  std::string out = print(k);
  EXPECT_NE(out.find("g = bx * w + tx;"), std::string::npos) << out;
  EXPECT_NE(out.find("h = (bx * w + tx + 2147483648 & 4294967295) - 2147483648;"), std::string::npos) << out;
  EXPECT_TRUE(left.launch_assumed);
}

TEST(IntegerRanges, SignedOverflowOverArgumentsIsAssumedAway) {
  const char* text = R"(cuda kernel k {
  param int n;
  local int t;
  t = threadIdx.x;
  store a[(t * n + 2147483648 & 4294967295) - 2147483648] = 1;
  store b[(t * 1073741824 + 2147483648 & 4294967295) - 2147483648] = 1;
}
)";
  RangeFacts facts;
  facts.declared = {{"n", {INT32_MIN, INT32_MAX}}, {"t", {INT32_MIN, INT32_MAX}}};
  facts.block = std::array<std::int64_t, 3>{64, 1, 1};
  facts.grid = std::array<std::int64_t, 3>{1, 1, 1};
  Kernel assumed = parse_kernel(text, "k.kir");
  WrapsLeft a = remove_redundant_wraps(assumed, facts);
  EXPECT_EQ(a.assumed, 1u);  // t * n: n is an argument
  EXPECT_NE(print(assumed).find("store a[t * n]"), std::string::npos) << print(assumed);
  // t * 2^30 depends on the launch alone: it wraps (t = 2 gives INT_MIN).
  EXPECT_NE(print(assumed).find("store b[(t * 1073741824 + 2147483648 & 4294967295) - 2147483648]"), std::string::npos)
      << print(assumed);
  facts.assume_no_signed_overflow = false;
  Kernel exact = parse_kernel(text, "k.kir");
  EXPECT_EQ(remove_redundant_wraps(exact, facts).assumed, 0u);
  EXPECT_NE(print(exact).find("store a[(t * n + 2147483648"), std::string::npos) << print(exact);
}

// ---- random programs over 8-bit values

class RandomRangeProgram {
 public:
  explicit RandomRangeProgram(unsigned seed) : rng_(seed) {}

  Kernel kernel() {
    Kernel k;
    k.name = "random";
    k.language = "cuda";
    for (const char* v : {"a", "b", "c"}) k.parameters.push_back(Variable{v, ScalarType::Int, {}});
    for (const char* v : {"x", "y"}) k.locals.push_back(Variable{v, ScalarType::Int, {}});
    k.body = block(3);
    for (int i = 0; i < loops_; ++i) k.locals.push_back(Variable{"i" + std::to_string(i), ScalarType::Int, {}});
    return k;
  }

 private:
  std::mt19937 rng_;
  int loops_ = 0;
  int loop_depth_ = 0;  // loops around the block being made

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  Expr operand() {
    static const char* vars[] = {"a", "b", "c", "x", "y"};
    return pick(4) ? expr::var(vars[pick(5)]) : expr::int_lit(pick(300) - 150);
  }
  Expr maybe_wrapped(Expr e) { return pick(3) ? expr::wrap(std::move(e), 8, pick(2)) : e; }
  Expr value(int depth = 2) {
    static const BinOp ops[] = {BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Shl, BinOp::BitAnd, BinOp::Shr};
    BinOp op = ops[pick(6)];
    Expr a = depth > 0 && pick(2) ? value(depth - 1) : operand();
    Expr b = op == BinOp::Shl || op == BinOp::Shr ? expr::int_lit(pick(4)) : operand();
    return maybe_wrapped(expr::binary(op, a, b));
  }
  Expr condition() {
    static const BinOp ops[] = {BinOp::Lt, BinOp::Le, BinOp::Gt, BinOp::Ge, BinOp::Eq, BinOp::Ne};
    Expr c = expr::binary(ops[pick(6)], operand(), pick(2) ? operand() : value(0));
    return pick(5) ? c : expr::conj(c, expr::binary(ops[pick(6)], operand(), operand()));
  }

  Block block(int depth) {
    Block b;
    int n = 1 + pick(4);
    for (int i = 0; i < n; ++i) {
      static const char* locals[] = {"x", "y"};
      int kind = pick(depth > 0 ? 8 : 4);
      if (kind == 7) {
        // An early exit: a return ends its path with no state, a break or
        // continue records its state for the loop around.
        Stmt exit = loop_depth_ == 0 || pick(3) == 0 ? Stmt{Return{}}
                    : pick(2)                        ? Stmt{Break{}}
                                                     : Stmt{Continue{}};
        b.push_back(Stmt{If{condition(), Block{std::move(exit)}, {}, {}}});
      } else if (kind <= 1) {
        // A C variable of 8 bits holds a value of its type.
        b.push_back(Stmt{Assign{locals[pick(2)], expr::wrap(value(), 8, true), {}}});
      } else if (kind <= 3) {
        b.push_back(Stmt{Store{Location{"s", {value()}}, nullptr, {}}});
      } else if (kind <= 5) {
        b.push_back(Stmt{If{condition(), block(depth - 1), pick(2) ? block(depth - 1) : Block{}, {}}});
      } else {
        std::string v = "i" + std::to_string(loops_++);
        Loop l;
        l.init = {Stmt{Assign{v, operand(), {}}}};
        l.cond = expr::binary(BinOp::Lt, expr::var(v), operand());
        ++loop_depth_;
        l.body = block(depth - 1);
        --loop_depth_;
        // Up to 4 trips whatever the values: the update also adds 40.
        l.update = {Stmt{Assign{v, expr::wrap(expr::var(v) + expr::int_lit(40 + pick(3)), 8, pick(2)), {}}}};
        b.push_back(Stmt{std::move(l)});
      }
    }
    return b;
  }
};

// Stops a loop that a wrap sends around forever (both versions alike).
class BoundedStores : public testkit::StoreCells {
  void after_iteration(const Loop&, std::uint64_t n) override {
    if (n > 64) throw std::runtime_error("bound");
  }
};

TEST(IntegerRanges, DroppingWrapsKeepsWhatRandomProgramsCompute) {
  RangeFacts facts;
  for (const char* v : {"a", "b", "c", "x", "y"}) facts.declared[v] = {-128, 127};
  facts.assume_no_signed_overflow = false;
  facts.assume_loop_updates_fit = false;
  std::size_t dropped = 0, kept = 0;
  for (unsigned seed = 0; seed < 400; ++seed) {
    Kernel k = RandomRangeProgram(seed).kernel();
    Kernel simplified = k;
    WrapsLeft left = remove_redundant_wraps(simplified, facts);
    dropped += left.dropped;
    kept += left.variables.empty() ? 0 : 1;
    SCOPED_TRACE(print(k) + "\nsimplified:\n" + print(simplified));
    std::mt19937 inputs(seed);
    for (int run = 0; run < 12; ++run) {
      auto any = [&] { return std::uniform_int_distribution<int>(-128, 127)(inputs); };
      Environment env = {{"a", any()}, {"b", any()}, {"c", any()}, {"x", 0}, {"y", 0}};
      BoundedStores before, after;
      before.env = after.env = env;
      bool stopped_before = false, stopped_after = false;
      try { before.run(k.body); } catch (const std::runtime_error&) { stopped_before = true; }
      try { after.run(simplified.body); } catch (const std::runtime_error&) { stopped_after = true; }
      EXPECT_EQ(stopped_before, stopped_after);
      EXPECT_EQ(before.cells, after.cells);
      for (const char* v : {"x", "y"}) EXPECT_EQ(before.lookup(v), after.lookup(v)) << v;
    }
    if (::testing::Test::HasFailure()) break;
  }
  // Both outcomes are exercised.
  EXPECT_GT(dropped, 300u);
  EXPECT_GT(kept, 100u);
}

}  // namespace
}  // namespace racecert::kir
