// Read consistency (inference/phase_reads.hpp): two reads of one cell by one
// thread in a barrier interval agree, unless the thread wrote the array in
// between; the value it gives, the join after `if`, which reads get it, and
// verdicts on a closure step (DRF only with it) and racy twins.
#include <gtest/gtest.h>

#include "inference/infer.hpp"
#include "inference/phase_reads.hpp"
#include "kernel_ir/parser.hpp"
#include "protocol/printer.hpp"
#include "smt/checker.hpp"

namespace racecert::inference {
namespace {

using namespace racecert::expr;

std::optional<std::int64_t> at(const Expr& e, std::map<std::string, std::int64_t> values) {
  return eval_partial(e, [&](const std::string& n) -> std::optional<std::int64_t> {
    auto v = values.find(n);
    if (v == values.end()) return std::nullopt;
    return v->second;
  });
}

TEST(PhaseReads, ARereadOfOneCellIsTheFirstRead) {
  PhaseReads r;
  EXPECT_TRUE(equal(r.read("m", {var("i")}, var("u1")), var("u1")));
  Expr second = r.read("m", {var("j")}, var("u2"));
  Expr third = r.read("m", {var("k")}, var("u3"));
  std::map<std::string, std::int64_t> v = {{"u1", 10}, {"u2", 20}, {"u3", 30}};
  auto with = [&](std::int64_t i, std::int64_t j, std::int64_t k) {
    auto m = v;
    m["i"] = i;
    m["j"] = j;
    m["k"] = k;
    return std::pair{at(second, m), at(third, m)};
  };
  EXPECT_EQ(with(1, 1, 1), (std::pair{std::optional<std::int64_t>(10), std::optional<std::int64_t>(10)}));
  EXPECT_EQ(with(1, 2, 2), (std::pair{std::optional<std::int64_t>(20), std::optional<std::int64_t>(20)}));
  EXPECT_EQ(with(1, 2, 3), (std::pair{std::optional<std::int64_t>(20), std::optional<std::int64_t>(30)}));
  EXPECT_EQ(with(1, 2, 1).second, 10);
  // Another array, and a forgotten one, say nothing.
  EXPECT_TRUE(equal(r.read("n", {var("i")}, var("u4")), var("u4")));
  r.forget("m");
  EXPECT_TRUE(equal(r.read("m", {var("i")}, var("u5")), var("u5")));
}

// A reread at an index equal term for term is the first read's value
// itself, with no condition: the k-th reread of `b[tid]` nested k ites of
// `tid == tid` before. An index that only may be equal keeps its ite.
TEST(PhaseReads, ARereadAtTheSameTermsIsTheFirstReadItself) {
  PhaseReads r;
  Expr tid = binary(BinOp::Add, var("t"), int_lit(1));
  r.read("m", {tid, var("i")}, var("u1"));
  Expr same = binary(BinOp::Add, var("t"), int_lit(1));  // another node, the same terms
  EXPECT_EQ(to_string(r.read("m", {same, var("i")}, var("u2"))), "u1");
  // One index equal: the condition is the other one's equality alone.
  EXPECT_EQ(to_string(r.read("m", {tid, var("j")}, var("u3"))), "j == i ? u1 : j == i ? u2 : u3");
}

TEST(PhaseReads, AJoinKeepsWhatBothBranchesKept) {
  PhaseReads before;
  before.read("m", {var("i")}, var("u1"));
  before.read("n", {var("i")}, var("u2"));
  PhaseReads then_branch = before, else_branch = before;
  then_branch.forget("n");
  then_branch.read("n", {var("i")}, var("u3"));  // forgotten, then read again: not the list before
  else_branch.read("m", {var("j")}, var("u4"));  // read more: still starts with the list before
  PhaseReads joined = PhaseReads::join(before, then_branch, else_branch);
  Expr m = joined.read("m", {var("j")}, var("u5"));
  EXPECT_EQ(at(m, {{"i", 1}, {"j", 1}, {"u1", 7}, {"u5", 9}}), 7);
  EXPECT_TRUE(equal(joined.read("n", {var("i")}, var("u6")), var("u6")));
}

// One closure step on a tile of 4 x 4 (kernel-IR text as the front end
// writes it): thread (y, x) writes its own cell only when it read it as 0
// and m[y][k], m[k][x] as non-zero. OWN_TEST is the test of its own cell.
std::string closure(const std::string& own_test, const std::string& between = "") {
  return R"(cuda kernel k {
  array shared int m[16];
  local int own;
  local int row;
  local int col;
  local int k;
  loop (k < 4) {
    init:
      k = 0;
    body:
      own = load m[threadIdx.y * 4 + threadIdx.x];
      )" + between + R"(
      if ()" + own_test + R"() {
        row = load m[threadIdx.y * 4 + k];
        col = load m[k * 4 + threadIdx.x];
        if (row != 0 && col != 0) {
          store m[threadIdx.y * 4 + threadIdx.x] = k + 1;
        }
      }
      barrier.block;
    update:
      k = k + 1;
  }
}
)";
}

KernelStatus phase_verdict(const std::string& text, bool consistent = true) {
  InferOptions io;
  io.consistent_reads = consistent;
  Inference inf = infer_protocol(kir::parse_kernel(text, "k.cu"), io);
  EXPECT_TRUE(inf.unsupported.empty());
  smt::CheckOptions o;
  o.jobs = 2;
  for (const auto& [dim, n] : {std::pair{"blockDim.x", 4}, {"blockDim.y", 4}, {"blockDim.z", 1}, {"gridDim.x", 1},
                               {"gridDim.y", 1}, {"gridDim.z", 1}})
    o.assumptions.push_back(binary(BinOp::Eq, var(dim), int_lit(n)));
  return smt::check({inf.protocol}, o).at(0).status;
}

TEST(PhaseReads, AClosureStepIsRaceFreeOnlyWithConsistentReads) {
  EXPECT_EQ(phase_verdict(closure("own == 0")), KernelStatus::Drf);
  // GPUVerify's adversarial abstraction: every read is its own value.
  EXPECT_EQ(phase_verdict(closure("own == 0"), false), KernelStatus::Racy);
  // Without the test of its own cell the write races with the reads of it.
  EXPECT_EQ(phase_verdict(closure("k >= 0")), KernelStatus::Racy);
  // The thread writes the array between its reads: they need not agree.
  EXPECT_EQ(phase_verdict(closure("own == 0", "store m[16 + threadIdx.x] = 0;")), KernelStatus::Racy);
}

TEST(PhaseReads, OnlyReadsThatSteerTheKernel) {
  kir::Kernel k = kir::parse_kernel(R"(cuda kernel k {
  array shared int m[16];
  local int a;
  local int b;
  local int c;
  local int d;
  a = load m[0];
  b = a + 1;
  c = load m[1];
  d = load m[2];
  if (b > 0) {
    store m[d] = c;
  }
}
)", "k.cu");
  std::set<std::string> s = steering_variables(k);
  EXPECT_TRUE(s.count("a"));  // through b into a condition
  EXPECT_TRUE(s.count("b"));
  EXPECT_TRUE(s.count("d"));   // an index
  EXPECT_FALSE(s.count("c"));  // only stored
}

}  // namespace
}  // namespace racecert::inference
