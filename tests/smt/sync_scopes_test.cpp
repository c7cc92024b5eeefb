// Grid and warp barriers in the protocol pipeline (transform/sync_views.hpp):
// a grid barrier orders threads of different blocks and must be reached by
// the whole grid; a warp barrier `sync warp N` orders the threads of one
// group of N, and is ignored under thread-dependent control.
#include <gtest/gtest.h>

#include <map>

#include "protocol/parser.hpp"
#include "smt/checker.hpp"
#include "smt/group_uniform.hpp"
#include "transform/wellformed.hpp"
#include "tests/smt/protocol_check.hpp"

using namespace racecert;
using namespace racecert::protocol;

namespace {

KernelReport check_scoped(const std::string& body, const std::string& decls = "shared A;") {
  return testkit::check_protocol_text(body, decls);
}

const char* kShift = "rd A[blockIdx.x * blockDim.x + tid + 1]; SYNC wr A[blockIdx.x * blockDim.x + tid];";

std::string shift(const std::string& sync) {
  std::string s = kShift;
  return s.replace(s.find("SYNC"), 4, sync);
}

}  // namespace

TEST(GridBarrier, OrdersThreadsOfDifferentBlocks) {
  EXPECT_EQ(check_scoped(shift("sync grid;"), "global A;").status, KernelStatus::Drf);
  KernelReport r = check_scoped(shift("sync;"), "global A;");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_NE(w["blockIdx.x@1"], w["blockIdx.x@2"]);
  // The reader is the last thread of one block, the writer the first of the next.
  EXPECT_EQ(r.races[0].note, "threads of different blocks (barriers do not order them)");
}

TEST(GridBarrier, RaceWithinOneGridPhase) {
  // Thread 0 of each block reads the first cell of the next block, which
  // that block's thread 0 writes in the same grid phase; no two threads of
  // one block race.
  KernelReport r =
      check_scoped(shift("sync grid;") + " if (tid == 0) { rd A[blockIdx.x * blockDim.x + blockDim.x]; }", "global A;");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  EXPECT_EQ(r.races[0].note, "threads of different blocks in the phase after the last barrier");
  auto w = testkit::first_witness(r);
  EXPECT_EQ(w["threadIdx.x@1"], 0);
  EXPECT_EQ(w["threadIdx.x@2"], 0);
  EXPECT_EQ(w["blockIdx.x@1"] + 1 == w["blockIdx.x@2"] || w["blockIdx.x@2"] + 1 == w["blockIdx.x@1"], true);
  // Shared memory never races across blocks, grid barrier or not.
  EXPECT_EQ(check_scoped(shift("") + " rd A[blockIdx.x * blockDim.x + tid + 1];", "shared A;").status, KernelStatus::Racy);
  EXPECT_EQ(check_scoped("rd A[tid + 1]; sync grid; wr A[tid];", "shared A;").status, KernelStatus::Drf);
}

TEST(GridBarrier, InGridUniformLoopsAndConditionals) {
  const char* sweeps = R"(uniform S, N;
    for s in 0..S {
      rd A[blockIdx.x * blockDim.x + tid + 1];
      if (N > 1) { sync grid; }
      wr A[blockIdx.x * blockDim.x + tid];
      sync grid;
    })";
  EXPECT_EQ(check_scoped(sweeps, "global A;").status, KernelStatus::Racy);  // N <= 1: read and write share a phase
  std::string always = sweeps;
  always.replace(always.find("if (N > 1) { sync grid; }"), 25, "sync grid;");
  EXPECT_EQ(check_scoped(always, "global A;").status, KernelStatus::Drf);
  // Block barriers inside grid phases order the block only.
  const char* publish = "if (tid == 0) { wr A[blockIdx.x]; } SYNC if (tid == 0) { rd A[blockIdx.x + 1]; }";
  auto with = [&](const std::string& sync) {
    std::string s = publish;
    return s.replace(s.find("SYNC"), 4, sync);
  };
  EXPECT_EQ(check_scoped(with("sync;"), "global A;").status, KernelStatus::Racy);
  EXPECT_EQ(check_scoped(with("sync grid;"), "global A;").status, KernelStatus::Drf);
  // A block barrier under block-dependent control, in the last grid phase.
  EXPECT_EQ(check_scoped(shift("sync grid;") + " sync grid; if (blockIdx.x == 0) { " + shift("sync;") + " }", "global A;").status,
            KernelStatus::Drf);
}

TEST(GridBarrier, UnderBlockDependentControlDiverges) {
  KernelReport r = check_scoped("if (blockIdx.x % 2 == 0) { " + shift("sync grid;") + " }", "global A;");
  ASSERT_EQ(r.status, KernelStatus::Divergent);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].message,
            "barrier divergence: grid barrier is not reached by every thread of the grid: the condition "
            "'blockIdx.x % 2 == 0' at t.map:4:1 depends on the block");
  // A block barrier there is fine.
  EXPECT_EQ(check_scoped("if (blockIdx.x % 2 == 0) { " + shift("sync;") + " }", "shared A;").status, KernelStatus::Drf);
  EXPECT_EQ(check_scoped("for i in 0..blockIdx.x { sync grid; }", "global A;").status, KernelStatus::Divergent);
  EXPECT_EQ(check_scoped("if (tid == 0) { sync grid; }", "global A;").status, KernelStatus::Divergent);
}

TEST(WarpBarrier, OrdersThreadsOfOneWarp) {
  const char* rotate = "wr A[tid]; sync warp 32; rd A[tid / 32 * 32 + (tid + 1) % 32];";
  EXPECT_EQ(check_scoped(rotate).status, KernelStatus::Drf);
  // Across warps: thread 31 reads A[32], which thread 32 writes.
  KernelReport r = check_scoped("wr A[tid]; sync warp 32; rd A[(tid + 1) % blockDim.x];");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_NE(w["threadIdx.x@1"] / 32, w["threadIdx.x@2"] / 32);
  EXPECT_EQ(r.races[0].note, "phase after the last barrier, threads of different warps");
  // Within a warp, between two warp barriers.
  KernelReport same = check_scoped("wr A[tid]; sync warp 32; rd A[tid ^ 1]; wr A[tid];");
  ASSERT_EQ(same.status, KernelStatus::Racy);
  auto v = testkit::first_witness(same);
  EXPECT_EQ(v["threadIdx.x@1"] / 32, v["threadIdx.x@2"] / 32);
  EXPECT_EQ(v["threadIdx.x@1"] ^ 1, v["threadIdx.x@2"]);
  EXPECT_EQ(same.races[0].note, "phase after the last barrier, threads of one warp");
}

TEST(WarpBarrier, NestedWidths) {
  // Thread t writes A[t ^ 1] after a barrier of pairs; t ^ 3 read A[t ^ 1]
  // after the barrier of fours: same four, other pair, unordered.
  KernelReport r = check_scoped("wr A[tid]; sync warp 4; rd A[tid ^ 2]; sync warp 2; wr A[tid ^ 1];");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_EQ(w["threadIdx.x@1"] ^ 3, w["threadIdx.x@2"]);
  EXPECT_EQ(check_scoped("wr A[tid]; sync warp 4; rd A[tid ^ 2]; sync warp 4; wr A[tid ^ 1];").status, KernelStatus::Drf);
  // A width that a smaller one does not divide is ignored: a false alarm
  // here (t and t ^ 1 share a group of 6), a sound one.
  EXPECT_EQ(check_scoped("sync warp 4; wr A[tid]; sync warp 6; rd A[tid ^ 1];").status, KernelStatus::Racy);
  EXPECT_EQ(check_scoped("sync warp 4; wr A[tid]; sync warp 4; rd A[tid ^ 1];").status, KernelStatus::Drf);
}

// Under thread-dependent control a warp barrier is used when the solver
// shows each condition the same in every thread of a group; otherwise its
// width is ignored, with a note.
TEST(WarpBarrier, UnderThreadDependentControl) {
  auto noted = [](const KernelReport& r) {
    for (const auto& d : r.diagnostics)
      if (d.message.find("warp barriers of groups of") != std::string::npos) return true;
    return false;
  };
  // tid < 64 is the same in a warp (lin = tid / 32): used.
  KernelReport uniform = check_scoped("wr A[tid]; if (tid < 64) { sync warp 32; } else { sync warp 32; } rd A[tid ^ 1];");
  EXPECT_EQ(uniform.status, KernelStatus::Drf);
  EXPECT_FALSE(noted(uniform));
  // tid < 48 splits the warp of threads 32..63: ignored.
  KernelReport split = check_scoped("wr A[tid]; if (tid < 48) { sync warp 32; } else { sync warp 32; } rd A[tid ^ 1];");
  EXPECT_EQ(split.status, KernelStatus::Racy);
  EXPECT_TRUE(noted(split));
  // A parity splits every pair; a per-thread unknown anything.
  EXPECT_EQ(check_scoped("wr A[tid]; if (tid % 2 == 0) { sync warp 2; } else { sync warp 2; } rd A[tid ^ 1];").status,
            KernelStatus::Racy);
  EXPECT_EQ(check_scoped("local v; wr A[tid]; if (v < 1) { sync warp 2; } else { sync warp 2; } rd A[tid ^ 1];").status,
            KernelStatus::Racy);
  // The last warp's reduction: accesses and barriers under tid < 32.
  const char* last_warp = R"(
    if (tid < 32) {
      for (off = 16; off > 0; off /= 2) {
        local v;
        rd A[tid + off];
        sync warp 32;
        wr A[tid] = v;
        sync warp 32;
      }
    })";
  EXPECT_EQ(check_scoped(last_warp).status, KernelStatus::Drf);
  std::string missing = last_warp;
  missing.erase(missing.rfind("sync warp 32;"), 13);
  KernelReport r = check_scoped(missing);
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_EQ(w["threadIdx.x@1"] / 32, w["threadIdx.x@2"] / 32);
  // Under block-uniform control it is used, and nothing is noted.
  EXPECT_EQ(check_scoped("wr A[tid]; if (blockIdx.x < 64) { sync warp 32; } else { sync warp 32; } rd A[tid ^ 1];").status,
            KernelStatus::Drf);
}

TEST(WarpBarrier, DoesNotOrderBlocks) {
  EXPECT_EQ(check_scoped("wr A[tid]; sync warp 32; rd A[tid ^ 1];", "global A;").status, KernelStatus::Racy);
  // With whole warps (an odd block would read the next block's first cell).
  EXPECT_EQ(check_scoped("wr A[blockIdx.x * blockDim.x + tid]; sync warp 32; rd A[blockIdx.x * blockDim.x + (tid ^ 1)];",
                "global A; assume blockDim.x == 64;")
                .status,
            KernelStatus::Drf);
}

// The cross-block view keeps grid barriers only, also without any: a
// uniform unknown of a loop that block barriers synchronize (a value read
// from a table in each iteration) is per-block there, because blocks may be
// in different iterations. Block 0 at i = 0 writes A[x0], block 1 at i = 1
// reads A[x1 + 1]: a race when x0 == x1 + 1. (Shared by both threads, the
// trace could only ask x == x + 1, and missed it.)
TEST(CrossBlock, UniformUnknownOfABlockSynchronizedLoopIsPerBlock) {
  const char* body = "uniform n; for i in 0..n { uniform x; if (tid == 0) { rd A[x + 1]; wr A[x] = 1; } sync; }";
  KernelReport r = check_scoped(body, "global A;");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  EXPECT_EQ(r.races[0].note, "threads of different blocks (barriers do not order them)");
  // With a grid barrier closing each iteration the blocks are in the same one.
  std::string grid = body;
  grid.replace(grid.find("sync;"), 5, "sync grid;");
  EXPECT_EQ(check_scoped(grid, "global A;").status, KernelStatus::Drf);
}

// z3_group_uniform remembers its answers (the check asks each question of
// the whole kernel and again per array): the same question gets the same
// answer from memory, and a question that differs in the group width or a
// condition is still asked of the solver.
TEST(GroupUniformCheck, RemembersAnswersPerWidthAndConditions) {
  ProtocolFile f = parse_protocol("kernel k { shared A; rd A[tid]; }", "t.map");
  transform::WellFormed w = transform::make_well_formed(f.kernels.at(0));
  smt::CheckOptions o;
  o.assumptions.push_back(expr::binary(expr::BinOp::Eq, expr::var("blockDim.x"), expr::int_lit(128)));
  transform::GroupUniform uniform = smt::z3_group_uniform(w, o);
  expr::Expr below32 = expr::binary(expr::BinOp::Lt, expr::var("threadIdx.x"), expr::int_lit(32));
  expr::Expr below48 = expr::binary(expr::BinOp::Lt, expr::var("threadIdx.x"), expr::int_lit(48));
  for (int round = 0; round < 2; ++round) {  // the second round answers from memory
    EXPECT_TRUE(uniform(32, {below32})) << round;
    EXPECT_FALSE(uniform(64, {below32})) << round;  // threads 31 and 32 share a group of 64
    EXPECT_FALSE(uniform(32, {below48})) << round;  // threads 47 and 48 share a group of 32
    EXPECT_TRUE(uniform(16, {below32, below48})) << round;
    EXPECT_FALSE(uniform(32, {below32, below48})) << round;
  }
}
