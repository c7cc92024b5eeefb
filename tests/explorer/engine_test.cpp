// The DPOR engine on programs whose answers are known by construction: the
// LB ring's 2^n - 1 executions, the loop bound, spin-loop pruning, stopping
// at the first error, witnesses, and the liveness analysis spin pruning uses.
#include <gtest/gtest.h>

#include <set>

#include "explorer/dpor.hpp"
#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "explorer/thread_runner.hpp"
#include "support/diagnostic.hpp"

namespace racecert::explorer {
namespace {

Program load(const std::string& text) { return litmus::lower(litmus::parse_litmus(text, "t.litmus")).program; }
Program load_dataset(const std::string& name) {
  return litmus::lower(litmus::parse_litmus_file(std::string(RACECERT_SOURCE_DIR) + "/datasets/litmus/" + name + ".litmus"))
      .program;
}

std::string lb_ring(int n, const char* order_ld = "relaxed", const char* order_st = "relaxed") {
  std::string s = "PTX LB-" + std::to_string(n) + "\n{ }\n";
  for (int i = 0; i < n; ++i) s += std::string(i ? " | " : " ") + "P" + std::to_string(i) + "@cta 0,gpu 0";
  s += " ;\n";
  for (int i = 0; i < n; ++i)
    s += std::string(i ? " | " : " ") + "ld." + order_ld + ".gpu r0, x" + std::to_string(i);
  s += " ;\n";
  for (int i = 0; i < n; ++i)
    s += std::string(i ? " | " : " ") + "st." + order_st + ".gpu x" + std::to_string((i + 1) % n) + ", 1";
  s += " ;\nexists (P0:r0 == 1)\n";
  return s;
}

TEST(ExplorerEngine, LoadBufferingRingHasTwoToTheNMinusOneExecutions) {
  for (int n = 2; n <= 14; ++n) {
    std::set<std::string> keys;
    ExploreOptions opts;
    opts.on_final = [&](const Graph& g, bool done) {
      EXPECT_TRUE(done);
      EXPECT_TRUE(keys.insert(g.key()).second);
    };
    ExploreResult r = explore(load(lb_ring(n)), opts);
    EXPECT_EQ(r.executions, (1ull << n) - 1) << "LB-" << n;
    EXPECT_EQ(r.blocked, 0u);
    EXPECT_TRUE(r.races.empty());
    EXPECT_EQ(r.max_events, 2 * n);
    // P0 reads 1 exactly when P(n-1)'s write is visible: half of the 2^n combinations.
    EXPECT_EQ(r.satisfying, (1ull << (n - 1)) - 1) << "LB-" << n;
  }
}

TEST(ExplorerEngine, ReleaseAcquireDoesNotChangeTheRing) {
  ExploreResult r = explore(load(lb_ring(6, "acquire", "release")));
  EXPECT_EQ(r.executions, 63u);
}

TEST(ExplorerEngine, TheLoopBoundCutsLoopsThatWrite) {
  Program p = load_dataset("LOOP-bound");
  for (int k = 0; k <= 5; ++k) {
    ExploreOptions opts;
    opts.loop_bound = k;
    ExploreResult r = explore(p, opts);
    // P0 performs k+1 increments; P1 reads one of the k+2 values.
    EXPECT_EQ(r.executions, 0u);
    EXPECT_EQ(r.blocked, static_cast<std::uint64_t>(k + 2)) << k;
    EXPECT_EQ(r.bounded, r.blocked);
    EXPECT_EQ(r.divergent, 0u);
  }
}

TEST(ExplorerEngine, CountedLoopsFinishWithinTheBound) {
  Program p = load_dataset("LOOP-counted");
  ExploreOptions opts;
  opts.loop_bound = 2;  // the loop jumps back twice
  EXPECT_EQ(explore(p, opts).executions, 4u);
  opts.loop_bound = 1;
  ExploreResult cut = explore(p, opts);
  EXPECT_EQ(cut.executions, 0u);
  EXPECT_GT(cut.bounded, 0u);
}

TEST(ExplorerEngine, FailedSpinIterationsBlockInsteadOfLooping) {
  // Whatever the bound, a spin loop costs one blocked execution, not one per iteration.
  for (int k : {0, 1, 8}) {
    ExploreOptions opts;
    opts.loop_bound = k;
    ExploreResult r = explore(load_dataset("SPIN-flag"), opts);
    EXPECT_EQ(r.executions, 1u);
    EXPECT_EQ(r.blocked, 1u);
    EXPECT_EQ(r.bounded, 0u);
  }
}

TEST(ExplorerEngine, StopOnFirstEndsAtTheFirstRace) {
  ExploreOptions opts;
  opts.stop_on_first = true;
  ExploreResult all = explore(load_dataset("SB+weak"));
  ExploreResult first = explore(load_dataset("SB+weak"), opts);
  EXPECT_EQ(all.races.size(), 2u);
  EXPECT_TRUE(first.stopped_early);
  EXPECT_FALSE(all.stopped_early);
  EXPECT_EQ(first.races.size(), 1u);
  EXPECT_LT(first.executions, all.executions);
}

TEST(ExplorerEngine, StopOnFirstEndsAtAViolatedForall) {
  ExploreOptions opts;
  opts.stop_on_first = true;
  Program p = load_dataset("caslock1");
  ExploreResult r = explore(p, opts);
  EXPECT_TRUE(r.stopped_early);
  EXPECT_TRUE(r.has_errors(p.condition.quantifier));
}

TEST(ExplorerEngine, WitnessesSatisfyExistsAndViolateForall) {
  Program sb = load_dataset("SB");
  ExploreResult r = explore(sb);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->registers[0][0], 0);
  EXPECT_EQ(r.witness->registers[1][0], 0);
  EXPECT_EQ(r.witness->memory, (std::vector<Value>{1, 1}));
  EXPECT_EQ(r.satisfying, 1u);

  Program fig = load_dataset("Fig1a-same-cta");
  ExploreResult f = explore(fig);
  ASSERT_TRUE(f.witness);
  EXPECT_EQ(f.witness->registers[1][1], 1);  // b read the new value
  EXPECT_FALSE(f.condition_holds(Quantifier::Forall));
  EXPECT_TRUE(f.has_errors(Quantifier::Forall));
}

TEST(ExplorerEngine, DivergenceNamesTheWaitingThreads) {
  ExploreResult r = explore(load_dataset("Fig1b-divergence"));
  EXPECT_EQ(r.divergent, 1u);
  ASSERT_EQ(r.divergence_witness.size(), 4u);
  for (int t = 0; t < 4; ++t) EXPECT_EQ(r.divergence_witness[static_cast<std::size_t>(t)].thread, t);
}

TEST(ExplorerEngine, RacesNameBothInstructions) {
  Program p = load_dataset("MP");
  ExploreResult r = explore(p);
  ASSERT_EQ(r.races.size(), 1u);
  const Race& race = r.races[0];
  EXPECT_EQ(race.kind, RaceKind::Data);
  EXPECT_EQ(p.locations[static_cast<std::size_t>(race.location)], "x");
  EXPECT_EQ(race.first.thread, 0);
  EXPECT_TRUE(race.first.write);
  EXPECT_EQ(p.threads[0].code[static_cast<std::size_t>(race.first.pc)].text, "st.weak x, 1");
  EXPECT_EQ(race.second.thread, 1);
  EXPECT_FALSE(race.second.write);
  EXPECT_EQ(p.threads[1].code[static_cast<std::size_t>(race.second.pc)].text, "ld.weak r1, x");
}

TEST(ExplorerLiveness, CasLoopHeadsKeepNoRegisterAlive) {
  Program p = load_dataset("caslock");
  auto live = live_registers(p.threads[0]);
  // pc 0 is the label LC00: the CAS overwrites r0 and the critical section r1.
  for (bool b : live[0]) EXPECT_FALSE(b);
}

TEST(ExplorerLiveness, TicketLoopHeadsKeepTheTicketAlive) {
  Program p = load_dataset("ticketlock");
  const Thread& t = p.threads[0];
  auto live = live_registers(t);
  ASSERT_EQ(t.code[1].kind, InstrKind::Nop);  // LC00:
  std::vector<std::string> alive;
  for (std::size_t r = 0; r < t.reg_names.size(); ++r)
    if (live[1][r]) alive.push_back(t.reg_names[r]);
  EXPECT_EQ(alive, (std::vector<std::string>{"r0"}));
}

TEST(ExplorerThreadRunner, AFailedIterationWithChangedRegistersIsNotPruned) {
  // The loop counts its iterations in r1, which stays live: no iteration is
  // a repetition, so only the bound stops it.
  Program p = load(R"(PTX count
{ }
 P0@cta 0,gpu 0 ;
 L: ;
 ld.relaxed.cta r0, f ;
 add r1, r1, 1 ;
 beq r0, 0, L ;
forall (P0:r1 == 1)
)");
  ThreadRunner runner(p, 0, 3);
  ThreadState s = runner.initial();
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(s.status, ThreadStatus::Running);
    ASSERT_EQ(runner.next(s).kind, StepKind::Read);
    runner.advance(s, 0);
  }
  ASSERT_EQ(s.status, ThreadStatus::Running);
  runner.advance(s, 0);
  EXPECT_EQ(s.status, ThreadStatus::BoundBlocked);
  EXPECT_EQ(runner.reg(s, 1), 4);
}

TEST(ExplorerThreadRunner, AnRmwReadIsFollowedByItsWriteUnlessTheCasFails) {
  Program p = load(R"(PTX cas
{ }
 P0@cta 0,gpu 0 ;
 atom.acq_rel.gpu.cas r0, x, 5, 7 ;
forall (x == 7)
)");
  ThreadRunner runner(p, 0, 4);
  ThreadState ok = runner.initial();
  Step read = runner.next(ok);
  EXPECT_EQ(read.kind, StepKind::Read);
  EXPECT_TRUE(read.rmw);
  EXPECT_EQ(read.order, Order::Acq);
  ThreadState fail = ok;
  runner.advance(ok, 5);
  Step write = runner.next(ok);
  EXPECT_EQ(write.kind, StepKind::Write);
  EXPECT_EQ(write.value, 7);
  EXPECT_EQ(write.order, Order::Rel);
  runner.advance(fail, 4);
  EXPECT_EQ(fail.status, ThreadStatus::Finished);
  EXPECT_EQ(runner.reg(fail, 0), 4);
}

}  // namespace
}  // namespace racecert::explorer
