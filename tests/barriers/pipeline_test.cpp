// The benchmark generator makes well-synchronized, race-free pipelines (and a
// racy one with the RTM bug); on small instances the scalable check agrees
// with the paper's direct form.
#include <gtest/gtest.h>

#include "barriers/analysis.hpp"
#include "barriers/direct_check.hpp"
#include "barriers/parser.hpp"
#include "barriers/printer.hpp"
#include "bench/barriers/pipeline.hpp"

namespace racecert::barriers {
namespace {

using bench::PipelineSpec;

TEST(Pipeline, ShapeAndVerdict) {
  PipelineSpec s;  // 3 stages, 8 warps, 2 slots
  s.items = 10;
  Program p = bench::make_pipeline(s);
  EXPECT_EQ(p.units.size(), 8u);
  EXPECT_EQ(p.block_threads, 256u);
  // Steady-state size per item, less the empty-barrier sync of the first
  // `buffers` items (stages 0 and 1 produce: 96 + 96 threads) and the empty
  // arrive of the last `buffers` items (stages 1 and 2 consume: 96 + 64).
  EXPECT_EQ(p.num_thread_commands(), s.items * bench::thread_commands_per_item(s) - 2 * (192 + 160));
  Analysis a = analyze(p);
  EXPECT_EQ(a.verdict.outcome, Outcome::RaceFree);
  // Per link and slot: a full generation per item, an empty one per reuse.
  EXPECT_EQ(a.stats.dynamic_barriers, 2u * (10 + 8));
  s.bug = true;
  a = analyze(bench::make_pipeline(s));
  ASSERT_EQ(a.verdict.outcome, Outcome::Racy);
  for (const Race& r : a.verdict.races) {  // a stage-0 write against a stage-1 read
    Program q = bench::make_pipeline(s);
    EXPECT_EQ(q.units[r.first.at.unit].cmds[r.first.at.cmd].op, Op::Write);
    EXPECT_EQ(q.units[r.second.at.unit].cmds[r.second.at.cmd].op, Op::Read);
  }
}

TEST(Pipeline, AgreesWithDirectFormOnSmallInstances) {
  int checked = 0;
  for (std::uint32_t stages : {2u, 3u})
    for (std::uint32_t buffers : {1u, 2u})
      for (bool bug : {false, true})
        for (bool lockstep : {false, true}) {
          PipelineSpec s;
          s.stages = stages;
          s.warps = stages + 1;
          s.buffers = buffers;
          s.items = 5;
          s.elements = 2;
          s.lanes = 2;
          s.bug = bug;
          s.lockstep = lockstep;
          Program p = bench::make_pipeline(s);
          AnalysisOptions all;
          all.max_races = ~std::size_t{0};
          Verdict fast = analyze(p, all).verdict;
          Verdict direct = check_direct(p);
          SCOPED_TRACE(print(p));
          EXPECT_EQ(fast.outcome, bug ? Outcome::Racy : Outcome::RaceFree);
          EXPECT_EQ(direct.outcome, fast.outcome);
          EXPECT_EQ(direct.pairs(), fast.pairs());
          ++checked;
        }
  EXPECT_EQ(checked, 16);
}

TEST(Pipeline, TextRoundTrip) {
  PipelineSpec s;
  s.items = 4;
  Program p = bench::make_pipeline(s);
  auto again = parse_text(print(p), "p.bar");
  ASSERT_EQ(again.size(), 1u);
  EXPECT_TRUE(same_program(p, again[0]));
}

TEST(Pipeline, RejectsImpossibleSpecs) {
  PipelineSpec s;
  s.stages = 5;
  s.buffers = 3;  // 24 barriers
  EXPECT_THROW(bench::make_pipeline(s), std::invalid_argument);
  s = PipelineSpec{};
  s.warps = 40;  // 1280 threads
  EXPECT_THROW(bench::make_pipeline(s), std::invalid_argument);
}

}  // namespace
}  // namespace racecert::barriers
