// Extraction of a block's named-barrier program from the kernel IR
// (barriers/from_kernel.hpp): the commands, their grouping into warps, their
// index forms, and where the extraction gives up (Opaque, verdict unknown).
// Kernels are built by hand here; tests/cli and datasets/kernels/named-barriers
// cover the path from CUDA source.
#include <gtest/gtest.h>

#include "barriers/analysis.hpp"
#include "barriers/from_kernel.hpp"
#include "kernel_ir/parser.hpp"
#include "support/diagnostic.hpp"

namespace racecert::barriers {
namespace {

using namespace racecert::expr;

kir::Stmt named(bool arrive, std::int64_t id, Expr count, int line = 1) {
  kir::Barrier b;
  b.kind = kir::Barrier::Kind::Named;
  b.arrive = arrive;
  b.id = int_lit(id);
  b.count = std::move(count);
  b.loc = SourceLoc{"k.cu", line, 3};
  return kir::Stmt{b};
}
kir::Stmt block_barrier(int line = 1) {
  kir::Barrier b;
  b.loc = SourceLoc{"k.cu", line, 3};
  return kir::Stmt{b};
}
kir::Stmt store(const std::string& array, Expr index, int line = 1) {
  return kir::Stmt{kir::Store{kir::Location{array, {std::move(index)}}, nullptr, SourceLoc{"k.cu", line, 5}}};
}
kir::Stmt load(const std::string& var, const std::string& array, Expr index, int line = 1) {
  return kir::Stmt{kir::Load{var, kir::Location{array, {std::move(index)}}, SourceLoc{"k.cu", line, 7}}};
}
kir::Stmt assign(const std::string& var, Expr value) { return kir::Stmt{kir::Assign{var, std::move(value), {}}}; }
kir::Stmt if_(Expr c, kir::Block then_body, kir::Block else_body = {}, int line = 1) {
  return kir::Stmt{kir::If{std::move(c), std::move(then_body), std::move(else_body), SourceLoc{"k.cu", line, 3}}};
}
Expr tid() { return var("threadIdx.x"); }
Expr warp() { return binary(BinOp::Div, tid(), int_lit(32)); }

kir::Kernel kernel(kir::Block body) {
  kir::Kernel k;
  k.name = "k";
  k.language = "cuda";
  k.loc = SourceLoc{"k.cu", 1, 1};
  k.arrays.push_back(kir::Array{"buf", kir::Space::Shared, {64}, kir::ScalarType::Float, 4, false, {}});
  k.arrays.push_back(kir::Array{"out", kir::Space::Global, {}, kir::ScalarType::Float, 4, true, {}});
  k.parameters.push_back(kir::Variable{"n", kir::ScalarType::Int, {}});
  k.body = std::move(body);
  return k;
}

Program extract(const kir::Kernel& k, std::int64_t threads) { return program_from_kernel(k, Launch{{threads}, {}}); }

Outcome outcome(const Program& p) { return analyze(p).verdict.outcome; }

// Producer warp 0 writes buf[lane] and arrives; consumer warp 1 syncs and reads.
kir::Kernel producer_consumer(bool with_barrier) {
  kir::Block producer = {store("buf", tid(), 2)};
  kir::Block consumer = {load("x", "buf", binary(BinOp::Sub, tid(), int_lit(32)), 4)};
  if (with_barrier) {
    producer.push_back(named(true, 1, int_lit(64), 3));
    consumer.insert(consumer.begin(), named(false, 1, int_lit(64), 3));
  }
  return kernel({if_(binary(BinOp::Eq, warp(), int_lit(0)), producer, consumer)});
}

TEST(FromKernel, OneUnitPerWarpWithAffineIndices) {
  Program p = extract(producer_consumer(true), 64);
  ASSERT_EQ(p.units.size(), 2u);
  EXPECT_EQ(p.units[0].name, "warp 0");
  EXPECT_EQ(p.units[0].num_threads, 32u);
  ASSERT_EQ(p.units[0].cmds.size(), 2u);
  EXPECT_EQ(p.units[0].cmds[0].op, Op::Write);
  EXPECT_EQ(p.units[0].cmds[1].op, Op::Arrive);
  EXPECT_EQ(p.units[0].cmds[1].arg, 1u);
  EXPECT_EQ(p.units[0].cmds[1].aux, 64u);
  // buf[tid] in warp 0 and buf[tid - 32] in warp 1: affine in tid.
  EXPECT_EQ(p.indices[p.units[0].cmds[0].aux], affine(0, 1));
  ASSERT_EQ(p.units[1].cmds.size(), 2u);
  EXPECT_EQ(p.units[1].cmds[0].op, Op::Sync);
  EXPECT_EQ(p.indices[p.units[1].cmds[1].aux], affine(-32, 1));
  EXPECT_EQ(p.units[1].cmds[1].pos.line, 4u);
  EXPECT_EQ(outcome(p), Outcome::RaceFree);
}

TEST(FromKernel, WithoutTheBarrierTheWarpsRace) {
  Program p = extract(producer_consumer(false), 64);
  Analysis a = analyze(p);
  ASSERT_EQ(a.verdict.outcome, Outcome::Racy);
  ASSERT_FALSE(a.verdict.races.empty());
  const Race& r = a.verdict.races.front();
  EXPECT_EQ(r.address + 32, static_cast<std::int64_t>(r.second.thread));  // consumer t reads buf[t - 32]
  EXPECT_EQ(r.first.thread, static_cast<std::uint32_t>(r.address));      // producer t writes buf[t]
}

// Byte views: warp 0 stores float4s (buf<16>[lane] covers floats 4 lane to
// 4 lane + 3), warp 1 reads floats. The array is then byte-addressed: the
// float4 store covers 16 bytes, the float load 4, and the named barrier
// orders them; without it, lane 1's float4 (bytes 16..31) and thread 36's
// float (buf[4], bytes 16..19) race.
kir::Kernel float4_producer(bool with_barrier) {
  std::string arrive = with_barrier ? "      bar.arrive 1, 64;\n" : "";
  std::string sync = with_barrier ? "      bar.sync 1, 64;\n" : "";
  return kir::parse_kernel("cuda kernel k {\n"
                           "  array shared float buf<4>[128];\n"
                           "  if (threadIdx.x / 32 == 0) {\n"
                           "    if (threadIdx.x < 8) {\n"
                           "      store buf<16>[threadIdx.x] = ?;\n"
                           "    }\n" +
                               arrive +
                               "  } else {\n" + sync +
                               "    x = load buf[threadIdx.x - 32];\n"
                               "  }\n"
                               "}\n",
                           "views.kir");
}

TEST(FromKernel, ByteViewsGiveByteAddressesAndWidths) {
  Program p = extract(float4_producer(true), 64);
  EXPECT_EQ(outcome(p), Outcome::RaceFree);
  bool wide = false, narrow = false;
  for (const auto& u : p.units)
    for (const auto& c : u.cmds) {
      if (c.op == Op::Write) {
        wide = true;
        EXPECT_EQ(p.width(c), 16);
        EXPECT_EQ(p.indices[c.aux].at(u.first_thread, u.first_thread), 16 * std::int64_t(u.first_thread));
      }
      if (c.op == Op::Read) {
        narrow = true;
        EXPECT_EQ(p.width(c), 4);
        EXPECT_EQ(p.indices[c.aux].at(u.first_thread, u.first_thread), 4 * (std::int64_t(u.first_thread) - 32));
      }
    }
  EXPECT_TRUE(wide);
  EXPECT_TRUE(narrow);
  Analysis racy = analyze(extract(float4_producer(false), 64));
  ASSERT_EQ(racy.verdict.outcome, Outcome::Racy);
  const Race& r = racy.verdict.races.front();
  // Byte address r.address is in the float4 of the writer and in the float of the reader.
  EXPECT_LE(16 * std::int64_t(r.first.thread), r.address);
  EXPECT_LT(r.address, 16 * std::int64_t(r.first.thread) + 16);
  EXPECT_LE(4 * (std::int64_t(r.second.thread) - 32), r.address);
  EXPECT_LT(r.address, 4 * (std::int64_t(r.second.thread) - 32) + 4);
}

TEST(FromKernel, ADivergentWarpSplitsIntoThreads) {
  // Lane 0 of each warp writes buf[warp], the others do nothing.
  kir::Kernel k = kernel({if_(binary(BinOp::Eq, binary(BinOp::Mod, tid(), int_lit(32)), int_lit(0)),
                              {store("buf", warp())}),
                          block_barrier()});
  Program p = extract(k, 64);
  ASSERT_EQ(p.units.size(), 64u);
  EXPECT_EQ(p.units[0].name, "thread 0");
  EXPECT_EQ(p.units[0].cmds.size(), 2u);
  EXPECT_EQ(p.units[1].cmds.size(), 1u);  // just the barrier
  EXPECT_EQ(p.units[0].cmds[1].op, Op::Sync);
  EXPECT_EQ(p.units[0].cmds[1].aux, 64u);  // __syncthreads is bar.sync 0 over the block
  EXPECT_EQ(outcome(p), Outcome::RaceFree);
}

// The value a store writes, when known in every thread, is recorded on the
// write: one value, or one per thread; a loaded value stays unknown. Both
// extraction paths (a warp's lanes together, and one by one) record it.
TEST(FromKernel, StoredValuesAreRecorded) {
  auto stored = [](Expr index, Expr value) {
    return kir::Stmt{kir::Store{kir::Location{"buf", {std::move(index)}}, std::move(value), SourceLoc{"k.cu", 1, 5}}};
  };
  kir::Block body;
  body.push_back(stored(int_lit(0), int_lit(7)));                                         // same in every thread
  Expr lane = binary(BinOp::Mod, tid(), int_lit(32));
  body.push_back(stored(binary(BinOp::Add, lane, int_lit(32)), binary(BinOp::Mod, lane, int_lit(3))));  // per lane
  body.push_back(load("x", "out", int_lit(0)));
  body.push_back(stored(int_lit(1), var("x")));                                           // unknown
  for (bool together : {true, false}) {
    kir::Kernel k = kernel(body);
    Launch l{{64}, {}};
    l.warps_together = together;
    Program p = program_from_kernel(k, l);
    ASSERT_EQ(p.units.size(), 2u);
    const Unit& u = p.units[1];
    ASSERT_EQ(u.cmds.size(), 3u);  // the global load is not a command
    EXPECT_EQ(p.stored_value(u, 0, 40), 7) << together;
    EXPECT_EQ(p.stored_value(u, 1, 40), 8 % 3) << together;
    EXPECT_EQ(p.stored_value(u, 1, 41), 9 % 3) << together;
    EXPECT_EQ(p.stored_value(u, 2, 40), std::nullopt) << together;
    // buf[0] = 7 and buf[32 + lane] = lane % 3 in both warps are benign;
    // buf[1] = x is not.
    AnalysisOptions o;
    Verdict v = analyze(p, o).verdict;
    ASSERT_EQ(v.outcome, Outcome::Racy);
    for (const Race& r : v.races) EXPECT_EQ(r.address, 1) << together;
    o.benign_writes_race = true;
    v = analyze(p, o).verdict;
    bool zero = false;
    for (const Race& r : v.races) zero = zero || r.address == 0;
    EXPECT_TRUE(zero) << together;
  }
}

TEST(FromKernel, IrregularAddressesBecomeATable) {
  kir::Kernel k = kernel({store("buf", binary(BinOp::Mul, tid(), tid()))});
  Program p = extract(k, 8);
  ASSERT_EQ(p.units.size(), 1u);
  const IndexForm& f = p.indices[p.units[0].cmds[0].aux];
  EXPECT_EQ(f.kind, IndexForm::Kind::Table);
  EXPECT_EQ(f.table, (std::vector<std::int64_t>{0, 1, 4, 9, 16, 25, 36, 49}));
}

TEST(FromKernel, TwoDimensionalBlocksAreLinearized) {
  kir::Kernel k = kernel({store("buf", binary(BinOp::Add, var("threadIdx.x"),
                                              binary(BinOp::Mul, var("threadIdx.y"), int_lit(100))))});
  Program p = program_from_kernel(k, Launch{{2, 3}, {}});
  EXPECT_EQ(p.block_threads, 6u);
  ASSERT_EQ(p.units.size(), 1u);
  const IndexForm& f = p.indices[p.units[0].cmds[0].aux];
  EXPECT_EQ(f.kind, IndexForm::Kind::Table);
  EXPECT_EQ(f.table, (std::vector<std::int64_t>{0, 1, 100, 101, 200, 201}));
}

TEST(FromKernel, GlobalMemoryIsLeftToTheProtocolAnalysis) {
  kir::Kernel k = kernel({store("out", int_lit(0)), store("buf", tid())});
  Program p = extract(k, 32);
  ASSERT_EQ(p.units.size(), 1u);
  ASSERT_EQ(p.units[0].cmds.size(), 1u);
  EXPECT_EQ(p.vars[p.units[0].cmds[0].arg], "buf");
}

TEST(FromKernel, DataDependentCountIsOpaque) {
  kir::Kernel k = kernel({named(false, 1, var("n"), 7)});
  Program p = extract(k, 64);
  Analysis a = analyze(p);
  EXPECT_EQ(a.verdict.outcome, Outcome::Unknown);
  ASSERT_EQ(a.opaque.size(), 1u);
  const Command& c = p.units[a.opaque[0].unit].cmds[a.opaque[0].cmd];
  EXPECT_EQ(c.pos.line, 7u);
  EXPECT_NE(p.notes[c.arg].find("thread count"), std::string::npos);
}

TEST(FromKernel, PreconditionsFixParameters) {
  kir::Kernel k = kernel({named(false, 1, var("n"), 7)});
  k.preconditions.push_back(binary(BinOp::Eq, var("n"), int_lit(64)));
  Program p = extract(k, 64);
  EXPECT_EQ(outcome(p), Outcome::RaceFree);
  EXPECT_EQ(p.units[0].cmds[0].aux, 64u);
}

TEST(FromKernel, DataDependentBranchAroundNothingIsFine) {
  // if (x) y = 1;  with x read from memory: y becomes unknown, nothing else.
  kir::Kernel k = kernel({load("x", "out", tid()), if_(var("x"), {assign("y", int_lit(1))}), store("buf", tid())});
  EXPECT_EQ(outcome(extract(k, 32)), Outcome::RaceFree);
}

TEST(FromKernel, DataDependentBranchAroundABarrierIsOpaque) {
  kir::Kernel k = kernel({load("x", "out", tid()), if_(var("x"), {block_barrier()}, {}, 9)});
  Program p = extract(k, 32);
  Analysis a = analyze(p);
  ASSERT_EQ(a.verdict.outcome, Outcome::Unknown);
  EXPECT_EQ(p.units[a.opaque[0].unit].cmds[a.opaque[0].cmd].pos.line, 9u);
}

TEST(FromKernel, DataDependentSharedAddressIsOpaque) {
  kir::Kernel k = kernel({load("x", "out", tid()), store("buf", var("x"), 5)});
  EXPECT_EQ(outcome(extract(k, 32)), Outcome::Unknown);
}

TEST(FromKernel, LoopsAreUnrolledAndReturnsStopTheThread) {
  // for (i = 0; i < 3; ++i) { if (tid >= 32 && i == 1) return; bar.sync 2, 64; }
  kir::Loop l;
  l.init = {assign("i", int_lit(0))};
  l.cond = binary(BinOp::Lt, var("i"), int_lit(3));
  l.body = {if_(conj(binary(BinOp::Ge, tid(), int_lit(32)), binary(BinOp::Eq, var("i"), int_lit(1))),
                {kir::Stmt{kir::Return{}}}),
            named(false, 2, int_lit(64))};
  l.update = {assign("i", binary(BinOp::Add, var("i"), int_lit(1)))};
  Program p = extract(kernel({kir::Stmt{l}}), 64);
  ASSERT_EQ(p.units.size(), 2u);
  EXPECT_EQ(p.units[0].cmds.size(), 3u);
  EXPECT_EQ(p.units[1].cmds.size(), 1u);
  // Warp 0 waits on the second generation of barrier 2, which warp 1 never joins.
  Analysis a = analyze(p);
  ASSERT_EQ(a.verdict.outcome, Outcome::NotWellSynchronized);
  EXPECT_EQ(a.verdict.violation->kind, SyncViolation::Kind::Deadlock);
}

TEST(FromKernel, RunawayLoopsEndInAnOpaqueCommand) {
  kir::Loop l;
  l.cond = bool_lit(true);
  l.body = {store("buf", tid())};
  Launch launch{{32}, {}};
  launch.max_thread_commands = 1000;
  Program p = program_from_kernel(kernel({kir::Stmt{l}}), launch);
  EXPECT_EQ(analyze(p).verdict.outcome, Outcome::Unknown);
}

TEST(FromKernel, BlockSizeMustBeSupported) {
  EXPECT_THROW(extract(kernel({}), 2048), racecert::Error);
  EXPECT_THROW(extract(kernel({}), 0), racecert::Error);
}

TEST(FromKernel, NamedBarrierDetection) {
  EXPECT_TRUE(uses_named_barriers(producer_consumer(true)));
  EXPECT_FALSE(uses_named_barriers(producer_consumer(false)));
  EXPECT_FALSE(uses_named_barriers(kernel({block_barrier()})));
  EXPECT_FALSE(uses_named_barriers(kernel({named(false, 0, nullptr)})));  // bar.sync 0 is __syncthreads
  EXPECT_TRUE(uses_named_barriers(kernel({named(false, 0, int_lit(64))})));
  EXPECT_TRUE(uses_named_barriers(kernel({if_(var("n"), {named(true, 0, nullptr)})})));
}

}  // namespace
}  // namespace racecert::barriers
