// Derived induction variables (inference/derived_induction.hpp): a brute-force
// differential test of the closed forms against running the loop, the
// recognized and rejected updates, and verdicts of Blelloch's scan (DRF only
// with derived variables) and of racy twins.
#include <gtest/gtest.h>

#include <random>

#include "inference/derived_induction.hpp"
#include "inference/infer.hpp"
#include "kernel_ir/parser.hpp"
#include "protocol/loop_domain.hpp"
#include "protocol/printer.hpp"
#include "smt/checker.hpp"

namespace racecert::inference {
namespace {

using namespace racecert::expr;
namespace P = racecert::protocol;

// A kernel with one loop `x = init; x REL bound; x = x UPD step` whose body
// is `body`.
std::string loop_kernel(const std::string& header_cond, const std::string& init, const std::string& update,
                        const std::string& body) {
  return "cuda kernel k {\n  local int v;\n  local int x;\n  loop (" + header_cond + ") {\n    init:\n      x = " +
         init + ";\n    body:\n" + body + "    update:\n      x = " + update + ";\n  }\n}\n";
}

const kir::Loop& only_loop(const kir::Kernel& k) { return k.body.back().as<kir::Loop>(); }

std::vector<DerivedUpdate> derived_of(const std::string& body) {
  kir::Kernel k = kir::parse_kernel(loop_kernel("x < 10", "0", "x + 1", body), "k.cu");
  return derived_updates(only_loop(k), "x", false);
}

TEST(DerivedInduction, RecognizesOneUnconditionalUpdateByAConstant) {
  for (const char* body : {"      v = v * 2 & 4294967295;\n", "      v = v >> 1;\n", "      v = 3 + v;\n",
                           "      v = (v * 3 + 2147483648 & 4294967295) - 2147483648;\n", "      v = v / 2;\n",
                           "      v = v << 2 & 4294967295;\n", "      v = v - 1;\n"}) {
    auto d = derived_of(body);
    ASSERT_EQ(d.size(), 1u) << body;
    EXPECT_EQ(d[0].var, "v");
  }
}

TEST(DerivedInduction, RejectsConditionalRepeatedAndSymbolicUpdates) {
  for (const char* body : {
           "      if (x > 3) {\n        v = v * 2;\n      }\n",  // conditional
           "      v = v * 2;\n      v = v * 2;\n",                 // twice
           "      v = v * x;\n",                                   // not a constant
           "      v = x * 2;\n",                                   // not v OP c
           "      v = v / 0;\n",                                   // no closed form
           "      v = v >> 1 & 4294967295;\n",                     // a wrapped division
           "      v = v * 2;\n      if (x > 3) {\n        v = 0;\n      }\n",  // also assigned elsewhere
           "      if (x > 3) {\n        continue;\n      }\n      v = v * 2;\n",  // skipped by a continue
       })
    EXPECT_TRUE(derived_of(body).empty()) << body;
}

TEST(DerivedInduction, AnAdditiveLoopGivesTheIterationsClosedForm) {
  // k = 5 + 3j in iteration j of i = 0, 2, 4, ...: j = i / 2. After the
  // loop k is an unknown again (no trip count for additive loops).
  std::string p = P::print(infer_protocol(kir::parse_kernel(R"(cuda kernel k {
  param int n;
  array shared int s[];
  local int i;
  local int k;
  k = 5;
  loop (i < n) {
    init:
      i = 0;
    body:
      store s[k] = 0;
      k = k + 3;
    update:
      i = i + 2;
  }
  store s[k] = 1;
}
)", "k.cu")).protocol);
  EXPECT_EQ(p,
            "kernel k {\n  shared s;\n  uniform n;\n  uniform k$2;\n  for i in 0..n step 2 {\n"
            "    wr s[5 + 3 * (i / 2)] = 0 @ \"\":0:0;\n  }\n  wr s[k$2] = 1 @ \"\":0:0;\n}\n");
}

// Brute force: run random loops with a random derived update and compare
// every value the closed forms claim (those that are not the unknown) with
// the real one, in every iteration and after the loop.
TEST(DerivedInduction, ClosedFormsAgreeWithRunningTheLoop) {
  std::mt19937 rng(13);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  struct Shape {
    P::LoopUpdate update;
    const char* op;
    bool up;
  };
  const Shape shapes[] = {{P::LoopUpdate::Add, "+", true},  {P::LoopUpdate::Sub, "-", false},
                          {P::LoopUpdate::Mul, "*", true},  {P::LoopUpdate::Div, "/", false},
                          {P::LoopUpdate::Shl, "<<", true}, {P::LoopUpdate::Shr, ">>", false}};
  const char* updates[] = {"v + C", "v - C", "v * C", "v << C", "v / C", "v >> C",
                           "v * C & 4294967295", "(v * C + 2147483648 & 4294967295) - 2147483648",
                           "v + C & 4294967295", "v << C & 4294967295"};
  int known_in_loop = 0, known_after = 0;
  for (int round = 0; round < 3000; ++round) {
    const Shape& s = shapes[pick(0, 5)];
    bool geometric = s.update != P::LoopUpdate::Add && s.update != P::LoopUpdate::Sub;
    bool shift = s.update == P::LoopUpdate::Shl || s.update == P::LoopUpdate::Shr;
    int step = shift ? pick(1, 2) : geometric ? pick(2, 3) : pick(1, 3);
    int init = geometric && s.up ? pick(-2, 9) : pick(-300, 300);
    int bound = s.up ? pick(-5, 2000) : pick(-3, 40);
    BinOp rel = s.up ? (pick(0, 1) ? BinOp::Lt : BinOp::Le) : (pick(0, 1) ? BinOp::Gt : BinOp::Ge);
    std::string upd = updates[pick(0, 9)];
    bool is_shift = upd.find("<<") != std::string::npos || upd.find(">>") != std::string::npos;
    int c = is_shift ? pick(0, 3) : upd.find('/') != std::string::npos ? pick(1, 3) : pick(-3, 5);
    upd.replace(upd.find('C'), 1, std::to_string(c));
    std::int64_t v0 = pick(-1000, 1000);

    std::string cond = std::string("x ") + op_symbol(rel) + " " + std::to_string(bound);
    std::string next = std::string("x ") + s.op + " " + std::to_string(step);
    kir::Kernel k = kir::parse_kernel(loop_kernel(cond, std::to_string(init), next, "      v = " + upd + ";\n"), "k.cu");
    auto d = derived_updates(only_loop(k), "x", false);
    ASSERT_EQ(d.size(), 1u) << upd;
    P::Loop loop;
    loop.var = "x";
    loop.init = int_lit(init);
    loop.cond = rel;
    loop.bound = int_lit(bound);
    loop.update = s.update;
    loop.step = int_lit(step);
    Expr update = only_loop(k).body[0].as<kir::Assign>().value;
    Env none = [](const std::string&) -> std::optional<std::int64_t> { return std::nullopt; };

    std::int64_t x = init, v = v0;
    int j = 0;
    for (; j < 80 && eval_bool(P::loop_cond(loop, int_lit(x)), none); ++j) {
      auto claimed = eval_partial(derived_in_iteration(d[0], int_lit(v0), loop, int_lit(x), var("unknown")), none);
      if (claimed) {
        ++known_in_loop;
        ASSERT_EQ(*claimed, v) << upd << " iteration " << j << " of " << cond << " from " << init << " by " << next;
      }
      v = eval_int(update, [&](const std::string&) -> std::optional<std::int64_t> { return v; });
      x = eval_int(P::loop_next(loop, int_lit(x)), none);
      if (std::llabs(v) > (std::int64_t{1} << 50) || std::llabs(x) > (std::int64_t{1} << 50)) break;
    }
    if (j == 80 || eval_bool(P::loop_cond(loop, int_lit(x)), none)) continue;  // did not stop
    auto after = eval_partial(derived_after_loop(d[0], int_lit(v0), loop, var("unknown")), none);
    if (after) {
      ++known_after;
      ASSERT_EQ(*after, v) << upd << " after " << j << " iterations of " << cond << " from " << init << " by " << next;
    }
  }
  // The closed forms are not all unknowns.
  EXPECT_GT(known_in_loop, 5000);
  EXPECT_GT(known_after, 300);
}

// Blelloch's scan on 256 cells (datasets/kernels/scans/blelloch-drf.cu as
// the front end lowers it): `offset` doubles beside `d >>= 1`, then halves
// beside `d *= 2`. UP and DOWN replace the two updates of offset.
std::string blelloch(const std::string& up, const std::string& down) {
  return R"(cuda kernel scan {
  array shared int temp<4>[256];
  local unsigned offset;
  local unsigned d;
  local unsigned d#1;
  local int a;
  local int b;
  offset = 1;
  d = 128;
  loop (d > 0) {
    body:
      barrier.block;
      if (threadIdx.x < d) {
        a = load temp[(offset * (2 * threadIdx.x + 1) & 4294967295) - 1 & 4294967295];
        b = load temp[(offset * (2 * threadIdx.x + 2) & 4294967295) - 1 & 4294967295];
        store temp[(offset * (2 * threadIdx.x + 2) & 4294967295) - 1 & 4294967295] = a + b;
      }
      )" + up + R"(
    update:
      d = d >> 1;
  }
  d#1 = 1;
  loop (d#1 < 256) {
    body:
      )" + down + R"(
      barrier.block;
      if (threadIdx.x < d#1) {
        a = load temp[(offset * (2 * threadIdx.x + 1) & 4294967295) - 1 & 4294967295];
        b = load temp[(offset * (2 * threadIdx.x + 2) & 4294967295) - 1 & 4294967295];
        store temp[(offset * (2 * threadIdx.x + 1) & 4294967295) - 1 & 4294967295] = b;
        store temp[(offset * (2 * threadIdx.x + 2) & 4294967295) - 1 & 4294967295] = a + b;
      }
    update:
      d#1 = d#1 * 2;
  }
}
)";
}

KernelStatus verdict(const std::string& text) {
  Inference inf = infer_protocol(kir::parse_kernel(text, "k.cu"));
  EXPECT_TRUE(inf.unsupported.empty());
  smt::CheckOptions o;
  o.jobs = 2;
  for (const auto& [dim, n] : {std::pair{"blockDim.x", 128}, {"blockDim.y", 1}, {"blockDim.z", 1}})
    o.assumptions.push_back(binary(BinOp::Eq, var(dim), int_lit(n)));
  return smt::check({inf.protocol}, o).at(0).status;
}

TEST(DerivedInduction, BlellochsScanIsRaceFree) {
  EXPECT_EQ(verdict(blelloch("offset = offset * 2 & 4294967295;", "offset = offset >> 1;")), KernelStatus::Drf);
}

TEST(DerivedInduction, AnOffsetThatReachesZeroIsARace) {
  // Halved in the up-sweep, offset is 0 from the second step: every thread
  // below d writes temp[-1 & 4294967295].
  EXPECT_EQ(verdict(blelloch("offset = offset >> 1;", "offset = offset >> 1;")), KernelStatus::Racy);
  // Quartered in the down-sweep (256 after the up-sweep), offset is 0 in the
  // fifth step, where 16 threads write temp[-1 & 4294967295].
  EXPECT_EQ(verdict(blelloch("offset = offset * 2 & 4294967295;", "offset = offset >> 2;")), KernelStatus::Racy);
}

TEST(DerivedInduction, AnUpdateAfterAContinueKeepsTheUnknown) {
  // Jump elimination puts the doubling under the continue's flag: not derived.
  std::string text = blelloch("if (d == 64) {\n        continue;\n      }\n      offset = offset * 2 & 4294967295;",
                              "offset = offset >> 1;");
  std::string p = P::print(infer_protocol(kir::parse_kernel(text, "k.cu")).protocol);
  EXPECT_NE(p.find("uniform offset$"), std::string::npos) << p;
}

TEST(DerivedInduction, AConditionalUpdateKeepsTheUnknown) {
  // Soundness first: a doubling under a condition is not derived, offset
  // stays an unknown per iteration and the false alarm stays.
  std::string text = blelloch("if (d > 0) {\n        offset = offset * 2 & 4294967295;\n      }",
                              "offset = offset >> 1;");
  std::string p = P::print(infer_protocol(kir::parse_kernel(text, "k.cu")).protocol);
  EXPECT_NE(p.find("uniform offset$"), std::string::npos) << p;
  EXPECT_EQ(verdict(text), KernelStatus::Racy);
}

// `for (i = 0; i < 10; i++, j += blockDim.x)`: the update block holds the
// induction step and a derived variable moving by a loop-invariant amount.
std::string striding(const std::string& step) {
  return R"(cuda kernel k {
  array shared int s[];
  local int i;
  local int j;
  j = 0;
  loop (i < 10) {
    init:
      i = 0;
    body:
      store s[j + threadIdx.x] = threadIdx.x;
    update:
      i = i + 1;
      j = j + )" + step + R"(;
  }
}
)";
}

TEST(DerivedInduction, AnUpdateBlockStepsByALoopInvariantAmount) {
  std::string p = P::print(infer_protocol(kir::parse_kernel(striding("blockDim.x"), "k.cu")).protocol);
  EXPECT_NE(p.find("for i in 0..10 {"), std::string::npos) << p;
  EXPECT_NE(p.find("wr s[blockDim.x * i + threadIdx.x]"), std::string::npos) << p;
  EXPECT_EQ(verdict(striding("blockDim.x")), KernelStatus::Drf);
  // A stride one short of the block overlaps the next row: racy.
  EXPECT_EQ(verdict(striding("blockDim.x - 1")), KernelStatus::Racy);
  // A step the loop changes (i) is no loop-invariant amount: j stays an
  // unknown per iteration.
  std::string q = P::print(infer_protocol(kir::parse_kernel(striding("i"), "k.cu")).protocol);
  EXPECT_NE(q.find("uniform j$"), std::string::npos) << q;
}

// Brute force for loop-invariant steps: `v = v +- s` with s a variable the
// loop never assigns, in the body or in the update block, against running
// the loop, for additive and geometric induction variables.
TEST(DerivedInduction, SymbolicStepsAgreeWithRunningTheLoop) {
  std::mt19937 rng(14);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int known = 0;
  for (int round = 0; round < 1500; ++round) {
    bool geometric = pick(0, 1) == 1;
    int step = geometric ? 2 : pick(1, 3);
    int bound = pick(-3, geometric ? 3000 : 60);
    std::string op = pick(0, 1) ? "+" : "-";
    bool in_update = pick(0, 1) == 1;
    std::int64_t s_value = pick(-50, 50), v0 = pick(-1000, 1000);
    std::string update = "v " + op + " s";
    std::string text = "cuda kernel k {\n  param int s;\n  local int v;\n  local int x;\n  loop (x < " +
                       std::to_string(bound) + ") {\n    init:\n      x = 1;\n    body:\n" +
                       (in_update ? "" : "      v = " + update + ";\n") + "    update:\n      x = x " +
                       (geometric ? "* " : "+ ") + std::to_string(step) + ";\n" +
                       (in_update ? "      v = " + update + ";\n" : "") + "  }\n}\n";
    kir::Kernel k = kir::parse_kernel(text, "k.cu");
    auto d = derived_updates(only_loop(k), "x", false);
    ASSERT_EQ(d.size(), 1u) << text;
    ASSERT_TRUE(d[0].step) << text;
    P::Loop loop;
    loop.var = "x";
    loop.init = int_lit(1);
    loop.cond = BinOp::Lt;
    loop.bound = int_lit(bound);
    loop.update = geometric ? P::LoopUpdate::Mul : P::LoopUpdate::Add;
    loop.step = int_lit(step);
    Env env = [&](const std::string& n) -> std::optional<std::int64_t> {
      if (n == "s") return s_value;
      return std::nullopt;
    };
    std::int64_t x = 1, v = v0;
    int j = 0;
    for (; j < 40 && eval_bool(P::loop_cond(loop, int_lit(x)), env); ++j) {
      auto claimed = eval_partial(derived_in_iteration(d[0], int_lit(v0), loop, int_lit(x), var("unknown")), env);
      if (claimed) {
        ++known;
        ASSERT_EQ(*claimed, v) << text << "iteration " << j << " s = " << s_value;
      }
      v = op == "+" ? v + s_value : v - s_value;
      x = geometric ? x * step : x + step;
    }
    if (!geometric || eval_bool(P::loop_cond(loop, int_lit(x)), env)) continue;
    auto after = eval_partial(derived_after_loop(d[0], int_lit(v0), loop, var("unknown")), env);
    ASSERT_TRUE(after) << text;
    ASSERT_EQ(*after, v) << text << "after " << j << " iterations, s = " << s_value;
  }
  EXPECT_GT(known, 5000);
}

}  // namespace
}  // namespace racecert::inference
