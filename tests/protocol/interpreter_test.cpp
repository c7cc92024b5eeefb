// The reference interpreter: histories of phases (Fig. 5), divergence,
// memory spaces, benign writes, atomics.
#include <gtest/gtest.h>

#include "protocol/interpreter.hpp"
#include "protocol/parser.hpp"

using namespace racecert::protocol;

namespace {

Kernel kernel(const std::string& body, const std::string& decls = "shared A;") {
  return parse_protocol("kernel k {\n" + decls + "\n" + body + "\n}\n", "t.map").kernels.at(0);
}

ConcreteConfig threads(std::int64_t n, std::int64_t blocks = 1) {
  ConcreteConfig c;
  c.block_dim = {n, 1, 1};
  c.grid_dim = {blocks, 1, 1};
  return c;
}

std::vector<std::vector<std::int64_t>> phase_indices(const ConcreteResult& r, std::size_t block = 0) {
  std::vector<std::vector<std::int64_t>> out;
  for (const auto& p : r.blocks.at(block)) {
    std::vector<std::int64_t> idx;
    for (const auto& a : p) idx.push_back(a.index.at(0));
    std::sort(idx.begin(), idx.end());
    out.push_back(idx);
  }
  return out;
}

}  // namespace

// Example 1: sequencing merges the last phase of the first history with the
// first phase of the second: [P1,P2,P3] . [P3',P4,P5] has five phases.
TEST(Interpreter, Example1SequencingMergesBoundaryPhases) {
  Kernel k = kernel("wr A[1]; sync; wr A[2]; sync; wr A[3]; wr A[30]; sync; wr A[4]; sync; wr A[5];");
  ConcreteResult r = interpret(k, threads(1));
  ASSERT_TRUE(r.preconditions_hold);
  EXPECT_EQ(phase_indices(r), (std::vector<std::vector<std::int64_t>>{{1}, {2}, {3, 30}, {4}, {5}}));
}

TEST(Interpreter, SynchronizedLoopPhasesSpanIterations) {
  // for r in 0..3 { wr[r]; sync; wr[10+r] }: the tail of iteration r shares
  // a phase with the head of iteration r+1.
  Kernel k = kernel("uniform N; for r in 0..N { wr A[r]; sync; wr A[10 + r]; }");
  ConcreteConfig c = threads(1);
  c.uniform["N"] = 3;
  ConcreteResult r = interpret(k, c);
  EXPECT_EQ(phase_indices(r), (std::vector<std::vector<std::int64_t>>{{0}, {1, 10}, {2, 11}, {12}}));
}

TEST(Interpreter, EmptySynchronizedLoopIsSkipped) {
  // Example 2: the paper gives no history to an empty synchronized loop; a
  // kernel just skips it, so the accesses around it share a phase.
  Kernel k = kernel("uniform N; wr A[tid]; for x in 0..N { sync; } rd A[tid + 1];");
  ConcreteConfig c = threads(2);
  c.uniform["N"] = 0;
  ConcreteResult r = interpret(k, c);
  EXPECT_EQ(r.blocks[0].size(), 1u);
  EXPECT_FALSE(r.races.empty());
  c.uniform["N"] = 1;
  r = interpret(k, c);
  EXPECT_EQ(r.blocks[0].size(), 2u);
  EXPECT_TRUE(r.races.empty());
}

TEST(Interpreter, DetectsRacesOnlyBetweenDistinctThreadsInAPhase) {
  Kernel k = kernel("wr A[tid]; rd A[tid]; sync; rd A[tid + 1];");
  EXPECT_TRUE(interpret(k, threads(4)).races.empty());
  Kernel racy = kernel("wr A[tid]; rd A[tid + 1]; sync;");
  ConcreteResult r = interpret(racy, threads(2));
  ASSERT_EQ(r.races.size(), 1u);
  EXPECT_EQ(r.races[0].first.index, std::vector<std::int64_t>{1});
}

TEST(Interpreter, ByteViewsRaceWhenTheirRangesOverlap) {
  // Thread 0 stores a float4 (bytes [0, 16)), thread 1 loads float 2 (bytes [8, 12)).
  Kernel k = kernel("if (tid == 0) { wr A<16>[0]; } if (tid == 1) { rd A[2]; }", "shared A<4>;");
  ConcreteResult r = interpret(k, threads(2));
  ASSERT_EQ(r.races.size(), 1u);
  EXPECT_EQ(r.races[0].first.view, (AccessView{16, 16}));
  EXPECT_EQ(r.races[0].second.view, (AccessView{4, 4}));
  // Float 4 is past the float4; the two float2 halves are disjoint.
  EXPECT_TRUE(interpret(kernel("if (tid == 0) { wr A<16>[0]; } if (tid == 1) { rd A[4]; }", "shared A<4>;"),
                        threads(2)).races.empty());
  EXPECT_TRUE(interpret(kernel("if (tid < 2) { wr A<8>[tid]; }", "shared A<4>;"), threads(2)).races.empty());
  // Rows are separate: the same bytes of two rows do not race.
  EXPECT_TRUE(interpret(kernel("wr A<16>[tid][0];", "shared A<4> : 2;"), threads(2)).races.empty());
  // An unaligned int at byte 15 straddles both threads' float4s: each
  // thread's read races with the other's write.
  EXPECT_EQ(interpret(kernel("wr A<16>[0][tid]; rd A<1:4>[0][15];", "shared A<4> : 2;"), threads(2)).races.size(), 2u);
}

TEST(Interpreter, ThreadDependentBarrierDiverges) {
  Kernel k = kernel("if (tid < 1) { sync; }");
  ConcreteResult r = interpret(k, threads(2));
  EXPECT_TRUE(r.divergent);
  EXPECT_FALSE(interpret(k, threads(1)).divergent);
}

TEST(Interpreter, SharedMemoryNeverRacesAcrossBlocksGlobalDoes) {
  Kernel shared = kernel("wr A[tid];");
  EXPECT_TRUE(interpret(shared, threads(2, 2)).races.empty());
  Kernel global = kernel("wr A[tid]; sync;", "global A;");
  ConcreteResult r = interpret(global, threads(2, 2));
  ASSERT_FALSE(r.races.empty());
  EXPECT_NE(r.races[0].first.block, r.races[0].second.block);
  Kernel global_ok = kernel("wr A[blockIdx.x * blockDim.x + tid];", "global A;");
  EXPECT_TRUE(interpret(global_ok, threads(3, 2)).races.empty());
}

TEST(Interpreter, SameValueWritesAreBenignUnlessAsked) {
  Kernel k = kernel("wr A[0] = 1;");
  EXPECT_TRUE(interpret(k, threads(2)).races.empty());
  InterpretOptions o;
  o.benign_writes_race = true;
  EXPECT_FALSE(interpret(k, threads(2), o).races.empty());
  Kernel differ = kernel("wr A[0] = tid;");
  EXPECT_FALSE(interpret(differ, threads(2)).races.empty());
  Kernel unknown = kernel("wr A[0];");
  EXPECT_FALSE(interpret(unknown, threads(2)).races.empty());
}

TEST(Interpreter, AtomicsRaceOnlyWithNonAtomics) {
  EXPECT_TRUE(interpret(kernel("atomic A[0];"), threads(2)).races.empty());
  EXPECT_FALSE(interpret(kernel("atomic A[0]; rd A[0];"), threads(2)).races.empty());
  EXPECT_FALSE(interpret(kernel("atomic A[0]; wr A[0] = 1;"), threads(2)).races.empty());
}

TEST(Interpreter, FailedPreconditionExcludesTheConfiguration) {
  Kernel k = kernel("uniform N; assume N > 2; wr A[0];");
  ConcreteConfig c = threads(2);
  c.uniform["N"] = 1;
  EXPECT_FALSE(interpret(k, c).preconditions_hold);
}

TEST(Interpreter, LoopsWithStepsAndGeometricUpdates) {
  Kernel k = kernel(
      "uniform N;"
      "for i in 1..N step 3 { wr A[i]; }"
      "for (j = 1; j < N; j *= 2) { wr A[100 + j]; }"
      "for (k = N; k > 0; k >>= 1) { wr A[200 + k]; }"
      "for (m = N; m >= 5; m -= 4) { wr A[300 + m]; }");
  ConcreteConfig c = threads(1);
  c.uniform["N"] = 10;
  EXPECT_EQ(phase_indices(interpret(k, c)),
            (std::vector<std::vector<std::int64_t>>{{1, 4, 7, 101, 102, 104, 108, 201, 202, 205, 210, 306, 310}}));
}

TEST(Interpreter, NonTerminatingLoopIsAnError) {
  Kernel k = kernel("for (i = 0; i < 1; i *= 2) { wr A[i]; }");
  EXPECT_THROW(interpret(k, threads(1)), EvalError);
}

// A grid barrier orders threads of different blocks; a block barrier does not.
TEST(Interpreter, GridBarrierOrdersBlocks) {
  const std::string shift = "rd A[blockIdx.x * blockDim.x + tid + 1]; SYNC wr A[blockIdx.x * blockDim.x + tid];";
  auto with = [&](const std::string& sync) {
    std::string body = shift;
    body.replace(body.find("SYNC"), 4, sync);
    return kernel(body, "global A;");
  };
  EXPECT_TRUE(interpret(with("sync grid;"), threads(2, 2)).races.empty());
  ConcreteResult r = interpret(with("sync;"), threads(2, 2));
  ASSERT_EQ(r.races.size(), 1u);
  EXPECT_NE(r.races[0].first.block, r.races[0].second.block);
  EXPECT_EQ(r.races[0].first.index, std::vector<std::int64_t>{2});
  // A grid barrier is a block barrier too.
  EXPECT_TRUE(interpret(kernel("wr A[tid]; sync grid; rd A[tid ^ 1];"), threads(2)).races.empty());
}

TEST(Interpreter, GridBarrierReachedBySomeBlocksDiverges) {
  Kernel k = kernel("if (blockIdx.x == 0) { sync grid; } wr A[blockIdx.x * blockDim.x + tid];", "global A;");
  EXPECT_FALSE(interpret(k, threads(2, 1)).divergent);
  ConcreteResult r = interpret(k, threads(2, 2));
  EXPECT_TRUE(r.divergent);
  EXPECT_EQ(r.divergence, "blocks 0 and 1 meet different grid barriers");
}

// `sync warp 2` orders the threads of {0,1} and of {2,3}, nothing across.
TEST(Interpreter, WarpBarrierOrdersOneGroup) {
  EXPECT_TRUE(interpret(kernel("wr A[tid]; sync warp 2; rd A[tid ^ 1];"), threads(4)).races.empty());
  ConcreteResult r = interpret(kernel("wr A[tid]; sync warp 2; rd A[(tid + 1) % 4];"), threads(4));
  ASSERT_EQ(r.races.size(), 2u);  // A[2] (threads 1, 2) and A[0] (threads 3, 0)
  for (const auto& race : r.races) EXPECT_NE(race.first.thread / 2, race.second.thread / 2);
  // A group cut short by the block size: thread 2 alone.
  EXPECT_TRUE(interpret(kernel("wr A[tid]; sync warp 2; rd A[tid ^ 1];"), threads(3, 2)).races.empty());
  // It does not end the block's phase for other groups, and a barrier that
  // orders no shared memory orders nothing here.
  EXPECT_FALSE(interpret(kernel("wr A[tid]; sync warp 4 global; rd A[tid ^ 1];"), threads(4)).races.empty());
}

TEST(Interpreter, WarpBarrierReachedBySomeThreadsOfAGroupDiverges) {
  Kernel k = kernel("if (tid < 2) { sync warp 2; } wr A[tid];");
  EXPECT_FALSE(interpret(k, threads(4)).divergent);  // groups {0,1} and {2,3} agree
  ConcreteResult r = interpret(kernel("if (tid == 0) { sync warp 2; } wr A[tid];"), threads(2));
  EXPECT_TRUE(r.divergent);
  EXPECT_EQ(r.divergence, "threads 0 and 1 of block 0 meet different warp barriers");
}
