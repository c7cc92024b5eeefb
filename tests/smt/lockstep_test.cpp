// Lock-step warps (GPUVerify's --warp-sync=N, CheckOptions::warp_size): two
// threads of one warp race only in one dynamic instruction, both writing;
// threads of different warps race as without it. Targeted protocols, then a
// randomized differential test against the reference interpreter's
// lock-step rule (InterpretOptions::warp_size).
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "protocol/interpreter.hpp"
#include "protocol/parser.hpp"
#include "protocol/printer.hpp"
#include "smt/checker.hpp"
#include "tests/smt/protocol_check.hpp"
#include "tests/support/random_protocol.hpp"
#include "tests/support/seed_sampling.hpp"

using namespace racecert;
using namespace racecert::protocol;

namespace {

KernelReport check_lockstep(const std::string& text, int warp_size, std::int64_t block_x = 64) {
  ProtocolFile f = parse_protocol(text, "t.map");
  smt::CheckOptions o;
  o.jobs = 2;
  o.warp_size = warp_size;
  o.assumptions = {binary(BinOp::Eq, var("blockDim.x"), int_lit(block_x)),
                   binary(BinOp::Eq, var("blockDim.y"), int_lit(1)), binary(BinOp::Eq, var("blockDim.z"), int_lit(1))};
  return smt::check(f.kernels, o).at(0);
}

// The warp-synchronous scan step of GPUVerify's scan_warp, in protocol form:
// lane >= d reads A[tid - d] and A[tid], then writes A[tid].
const char* kScan = R"(kernel scan { shared A;
  if (threadIdx.x % 32 >= 1) { rd A[threadIdx.x - 1]; rd A[threadIdx.x]; wr A[threadIdx.x]; }
  if (threadIdx.x % 32 >= 2) { rd A[threadIdx.x - 2]; rd A[threadIdx.x]; wr A[threadIdx.x]; }
  if (threadIdx.x % 32 >= 16) { rd A[threadIdx.x - 16]; rd A[threadIdx.x]; wr A[threadIdx.x]; }
})";

}  // namespace

TEST(LockStep, WarpSynchronousScanIsDrfOnlyInLockStep) {
  EXPECT_EQ(check_lockstep(kScan, 0).status, KernelStatus::Racy);  // the default: warps are not lock-step
  EXPECT_EQ(check_lockstep(kScan, 32).status, KernelStatus::Drf);
  // Warps of 16 threads: lane 16 of the 32-lane code reads A[0], written by
  // thread 0 of the other warp (GPUVerify's broken_shuffle).
  KernelReport r = check_lockstep(kScan, 16);
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_NE(w["threadIdx.x@1"] / 16, w["threadIdx.x@2"] / 16);
}

TEST(LockStep, TwoLanesWritingOneCellInOneInstructionRace) {
  // The same statement, both writing different values to A[tid / 2]: a
  // race inside one warp, which lock-step does not order.
  KernelReport r = check_lockstep("kernel k { shared A; wr A[threadIdx.x / 2] = threadIdx.x; }", 32);
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_EQ(w["threadIdx.x@1"] / 2, w["threadIdx.x@2"] / 2);
  EXPECT_EQ(w["threadIdx.x@1"] / 32, w["threadIdx.x@2"] / 32);
  EXPECT_EQ(r.races[0].first.loc.line, r.races[0].second.loc.line);
  EXPECT_EQ(r.races[0].first.mode, "wr");
  EXPECT_EQ(r.races[0].second.mode, "wr");
  // The same value is benign, as without lock-step.
  EXPECT_EQ(check_lockstep("kernel k { shared A; wr A[threadIdx.x / 2] = 7; }", 32).status, KernelStatus::Drf);
}

TEST(LockStep, DifferentStatementsOfOneWarpAreOrdered) {
  // Lane t writes A[t + 1], then lane t + 1 writes it in the next statement:
  // ordered in one warp, racy across warps (threads 31 and 32).
  const char* k = "kernel k { shared A; wr A[threadIdx.x + 1] = 1;\n wr A[threadIdx.x] = 2; }";
  EXPECT_EQ(check_lockstep(k, 64).status, KernelStatus::Drf);
  KernelReport r = check_lockstep(k, 32);
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_NE(w["threadIdx.x@1"] / 32, w["threadIdx.x@2"] / 32);
  EXPECT_EQ(check_lockstep(k, 0).status, KernelStatus::Racy);
}

TEST(LockStep, ReadAndWriteOfOneStatementAreOrdered) {
  // A[t] = A[t + 1]: every load of the warp precedes its stores.
  const char* k = "kernel k { shared A; if (threadIdx.x % 32 < 31) { rd A[threadIdx.x + 1]; wr A[threadIdx.x]; } }";
  EXPECT_EQ(check_lockstep(k, 32).status, KernelStatus::Drf);
  EXPECT_EQ(check_lockstep(k, 0).status, KernelStatus::Racy);
}

TEST(LockStep, OneIterationIsOneInstructionOtherIterationsAreOrdered) {
  // for j: A[j] = tid races in one iteration (both lanes write A[j]).
  EXPECT_EQ(check_lockstep("kernel k { shared A; for j in 0..4 { wr A[j] = threadIdx.x; } }", 32).status, KernelStatus::Racy);
  // for j from tid, one warp of 32: lanes t and t + 1 meet at A[t + 1] in
  // different iterations (ordered), never in the same one (j - tid agrees).
  const char* from_tid = "kernel k { shared A; for j in threadIdx.x .. threadIdx.x + 4 { wr A[j] = threadIdx.x; } }";
  EXPECT_EQ(check_lockstep(from_tid, 32, 32).status, KernelStatus::Drf);
  // With two warps, lanes 31 and 32 are not ordered.
  EXPECT_EQ(check_lockstep(from_tid, 32, 64).status, KernelStatus::Racy);
  // A per-thread step gives no counter (iterations are not compared), and
  // the race of iteration 0 (lanes 0 and 1 both write A[0]) stays found.
  EXPECT_EQ(check_lockstep("kernel k { shared A; for j in 0..4 step threadIdx.x % 2 + 1 { wr A[j] = threadIdx.x; } }", 32).status,
            KernelStatus::Racy);
}

TEST(LockStep, TwoDimensionalBlocksUseTheLinearThreadId) {
  // A 4x4 block is one warp of 16: tile[x][y] = tile[y][x] (GPUVerify's
  // warpsync/2d) reads before it writes, and writes distinct cells.
  const char* k = "kernel k { shared T : 2; rd T[threadIdx.y][threadIdx.x]; wr T[threadIdx.x][threadIdx.y]; }";
  ProtocolFile f = parse_protocol(k, "t.map");
  smt::CheckOptions o;
  o.jobs = 2;
  o.assumptions = {binary(BinOp::Eq, var("blockDim.x"), int_lit(4)), binary(BinOp::Eq, var("blockDim.y"), int_lit(4)),
                   binary(BinOp::Eq, var("blockDim.z"), int_lit(1))};
  EXPECT_EQ(smt::check(f.kernels, o).at(0).status, KernelStatus::Racy);
  o.warp_size = 16;
  EXPECT_EQ(smt::check(f.kernels, o).at(0).status, KernelStatus::Drf);
  // Warps of 8: rows 0-1 and rows 2-3 of the block are different warps.
  o.warp_size = 8;
  KernelReport r = smt::check(f.kernels, o).at(0);
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_NE((w["threadIdx.x@1"] + 4 * w["threadIdx.y@1"]) / 8, (w["threadIdx.x@2"] + 4 * w["threadIdx.y@2"]) / 8);
}

TEST(LockStep, ThreadsOfDifferentBlocksAreNeverOneWarp) {
  // A global array read and written one block further on (GPUVerify's
  // bad_inter_group): lock-step orders nothing across blocks.
  const char* k = "kernel k { global A; assume gridDim.y == 1 && gridDim.z == 1;\n"
                  " rd A[(blockIdx.x + 1) * blockDim.x + threadIdx.x];\n wr A[blockIdx.x * blockDim.x + threadIdx.x]; }";
  KernelReport r = check_lockstep(k, 32);
  ASSERT_EQ(r.status, KernelStatus::Racy);
  EXPECT_EQ(r.races[0].note, "threads of different blocks (barriers do not order them)");
}

// ---- differential test against the reference interpreter ----

namespace {

bool interpreter_racy(const Kernel& k, const testkit::SmallBounds& b, int warp_size) {
  InterpretOptions io;
  io.stop_at_first_race = true;
  io.warp_size = warp_size;
  return testkit::any_small_config(k, b, b.max_block_dim,
                                   [&](const ConcreteConfig& c) { return !interpret(k, c, io).races.empty(); });
}

// Random protocols with 1-3 threads per block in warps of 2 or 3: the
// symbolic verdict is the interpreter's. Every loop of the generator has a
// counter (same step in both threads), so the encoding is exact here.
void check_lockstep_seeds(unsigned first, unsigned count) {
  testkit::SmallBounds bounds;
  int racy = 0, drf = 0, ordered = 0;
  for (unsigned seed = first; seed < first + count; seed += testkit::seed_stride()) {
    std::mt19937 rng(seed);
    testkit::RandomProtocolOptions ro;
    ro.max_depth = 2;
    ro.max_block = 3;
    Kernel k = testkit::random_protocol(rng, ro);
    int warp = seed % 2 == 0 ? 2 : 3;
    smt::CheckOptions o;
    o.jobs = 1;
    o.query.minimize_witness = false;
    o.assumptions = testkit::bound_assumptions(k, bounds);
    o.warp_size = warp;
    KernelReport rep = smt::check({k}, o).at(0);
    ASSERT_NE(rep.status, KernelStatus::Unknown) << "seed " << seed << "\n" << print(k);
    if (rep.status == KernelStatus::Divergent) continue;
    bool expected = interpreter_racy(k, bounds, warp);
    ASSERT_EQ(rep.status == KernelStatus::Racy, expected)
        << "seed " << seed << ", warps of " << warp << ": interpreter says " << (expected ? "racy" : "drf") << "\n"
        << print(k);
    (expected ? racy : drf)++;
    if (!expected && interpreter_racy(k, bounds, 0)) ++ordered;
  }
  // Both verdicts occur, and lock-step decides some of them.
  EXPECT_GT(racy, testkit::seeds_checked(count) / 10);
  EXPECT_GT(drf, testkit::seeds_checked(count) / 10);
  EXPECT_GT(ordered, testkit::seeds_checked(count) / 50);
}

}  // namespace

TEST(LockStepVerdicts, Seeds0To299) { check_lockstep_seeds(0, 300); }
TEST(LockStepVerdicts, Seeds300To599) { check_lockstep_seeds(300, 300); }
