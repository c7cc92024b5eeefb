// Liveness of programs with barriers: a waiting thread is disabled (owed
// nothing by fairness), the open barrier instances are part of the global
// state of the livelock replay (liveness/cycles.cpp) and of the exact state
// graph (liveness/sc_graph.cpp), and a state where threads wait and no
// thread of F can step is a hang. Randomized: one-location AXB programs with
// a barrier at the end of every thread against progress's decision on the
// same programs without it.
#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "liveness/liveness.hpp"
#include "liveness/sc_graph.hpp"
#include "progress/oracle.hpp"
#include "progress/printer.hpp"
#include "axb_program.hpp"
#include "cycle_replay.hpp"
#include "../progress/random_programs.hpp"

namespace racecert::liveness {
namespace {

using progress::Fairness;
using progress::Model;
using progress::ModelSpec;

explorer::Program litmus_program(const std::string& text) {
  return explorer::litmus::lower(explorer::litmus::parse_litmus(text)).program;
}

LivenessResult check_barriers(const explorer::Program& p, Model m, Fairness f = Fairness::Weak) {
  LivenessOptions o;
  o.model = ModelSpec{m, f, 0};
  return check_liveness(p, o);
}

UnitMap one_per_thread(const explorer::Program& p) {
  UnitMap units;
  for (std::size_t t = 0; t < p.threads.size(); ++t) units.of_thread.push_back(static_cast<int>(t));
  units.count = static_cast<int>(p.threads.size());
  return units;
}

std::vector<ModelSpec> all_specs() {
  std::vector<ModelSpec> out{{Model::Unfair, Fairness::Weak, 0}};
  for (Model m : {Model::Fair, Model::Obe, Model::Hsa, Model::HsaObe, Model::Lobe})
    for (Fairness f : {Fairness::Weak, Fairness::Strong}) out.push_back({m, f, 0});
  return out;
}

// Both threads pass a barrier; then P0 loops writing a while it waits for
// flag, and P1 waits for x, which P0 writes only after its loop, before it
// sets flag. Every run is infinite: P0 livelocks (its loop writes, so the
// explorer bounds it), P1 spins; fair under weak and strong fairness.
const char* kLivelockBehindBarrier = R"(PTX bar_livelock
{
a=0;
flag=0;
x=0;
P0:r0=0;
P1:r1=0;
}
P0@cta 0,gpu 0            | P1@cta 0,gpu 0            ;
bar.cta.sync 0, 0, 2      | bar.cta.sync 0, 0, 2      ;
L0:                       | L1:                       ;
st.relaxed.gpu a, 1       | ld.relaxed.gpu r1, x      ;
ld.relaxed.gpu r0, flag   | beq r1, 0, L1             ;
beq r0, 0, L0             | st.relaxed.gpu flag, 1    ;
st.relaxed.gpu x, 2       |                           ;
exists 0==0
)";

// The ping-pong exchange behind a barrier: a weak livelock; strong fairness
// lets a thread read its exit value (as progress says without the barrier).
const char* kPingPongBehindBarrier = R"(PTX bar_pingpong
{
m=0;
P0:r0=0;
P1:r1=0;
}
P0@cta 0,gpu 0                  | P1@cta 0,gpu 0                  ;
bar.cta.sync 0, 0, 2            | bar.cta.sync 0, 0, 2            ;
L0:                             | L1:                             ;
atom.relaxed.gpu.exch r0, m, 0  | atom.relaxed.gpu.exch r1, m, 1  ;
beq r0, 1, L0                   | beq r1, 0, L1                   ;
exists 0==0
)";

// P0 waits at a barrier of count 2 that P1 never reaches.
const char* kBarrierNeverReached = R"(PTX bar_alone
{
m=0;
}
P0@cta 0,gpu 0          | P1@cta 0,gpu 0          ;
bar.cta.sync 0, 0, 2    | st.relaxed.gpu m, 1     ;
exists 0==0
)";

TEST(LivenessBarriers, LivelockBehindABarrierIsALassoUnderEveryModel) {
  auto p = litmus_program(kLivelockBehindBarrier);
  // Three locations: outside the exact class, so the lassos are the
  // livelock replay's (liveness/cycles.cpp), through the barrier instance.
  ASSERT_FALSE(sc_is_exact(p));
  for (Fairness f : {Fairness::Weak, Fairness::Strong}) {
    LivenessResult r = check_barriers(p, Model::Fair, f);
    ASSERT_EQ(r.verdict, Verdict::MayHang) << progress::spec_name(r.model) << ": " << r.reason;
    testing::expect_cycle_replays(p, *r.lasso);
    ASSERT_EQ(r.lasso->looping.size(), 2u);
    EXPECT_EQ(r.lasso->looping[0].thread, 0);  // P0 loops writing a
    EXPECT_EQ(r.lasso->looping[1].thread, 1);  // P1 spins on x
    EXPECT_FALSE(r.lasso->looping[0].at_barrier || r.lasso->looping[1].at_barrier);
    for (const auto& e : r.lasso->cycle) EXPECT_EQ(e.thread, 0);
    // Both threads passed the barrier in the prefix.
    int departures = 0;
    for (const auto& e : r.lasso->prefix) departures += e.kind == explorer::StepKind::BarrierDepart;
    EXPECT_EQ(departures, 2);
  }
  // Every model may hang: the livelock is fair for all, and the models that
  // may leave a thread unstarted may also leave the other at the barrier.
  for (const LivenessResult& r : check_liveness_all(p, {}))
    EXPECT_EQ(r.verdict, Verdict::MayHang) << progress::spec_name(r.model) << ": " << r.reason;
}

TEST(LivenessBarriers, PingPongBehindABarrierIsDecidedExactlyUnderStrongFairness) {
  auto p = litmus_program(kPingPongBehindBarrier);
  LivenessResult weak = check_barriers(p, Model::Fair);
  ASSERT_EQ(weak.verdict, Verdict::MayHang) << weak.reason;
  testing::expect_cycle_replays(p, *weak.lasso);
  EXPECT_EQ(weak.lasso->fair_units, (std::vector<int>{0, 1}));
  // The exact state graph with barrier instances in its states.
  LivenessResult strong = check_barriers(p, Model::Fair, Fairness::Strong);
  EXPECT_EQ(strong.verdict, Verdict::Terminates) << strong.reason;
  EXPECT_NE(strong.reason.find("sequentially consistent"), std::string::npos);
  // OBE may leave P1 unstarted while P0 waits at the barrier: a hang at the
  // barrier, not a livelock.
  LivenessResult obe = check_barriers(p, Model::Obe, Fairness::Strong);
  ASSERT_EQ(obe.verdict, Verdict::MayHang) << obe.reason;
  ASSERT_EQ(obe.lasso->looping.size(), 1u);
  EXPECT_TRUE(obe.lasso->looping[0].at_barrier);
  EXPECT_TRUE(obe.lasso->cycle.empty());
  // The other thread never started.
  EXPECT_EQ(obe.lasso->paused_units, std::vector<int>{1 - obe.lasso->looping[0].thread});
  // The state graph alone, per model: under FAIR the weak row has a
  // livelock and the strong one terminates; every other model may leave P0
  // waiting for an unscheduled P1.
  const auto specs = all_specs();
  ASSERT_TRUE(sc_is_exact(p));
  auto got = decide_sequentially_consistent(p, one_per_thread(p), specs, Deadline::never());
  for (std::size_t k = 0; k < specs.size(); ++k) {
    ASSERT_TRUE(got[k].terminates.has_value()) << progress::spec_name(specs[k]);
    const bool fair_strong = specs[k].model == Model::Fair && specs[k].fairness == Fairness::Strong;
    EXPECT_EQ(*got[k].terminates, fair_strong) << progress::spec_name(specs[k]);
    if (specs[k].model == Model::Fair && !fair_strong) testing::expect_cycle_replays(p, *got[k].lasso);
    if (specs[k].model != Model::Fair) {
      ASSERT_TRUE(got[k].lasso.has_value());
      EXPECT_TRUE(got[k].lasso->cycle.empty()) << progress::spec_name(specs[k]);
    }
  }
}

TEST(LivenessBarriers, ABarrierOneThreadNeverReachesIsAHangNotALivelock) {
  auto p = litmus_program(kBarrierNeverReached);
  for (const LivenessResult& r : check_liveness_all(p, {})) {
    ASSERT_EQ(r.verdict, Verdict::MayHang) << progress::spec_name(r.model) << ": " << r.reason;
    EXPECT_TRUE(r.lasso->cycle.empty());
    ASSERT_EQ(r.lasso->looping.size(), 1u);
    EXPECT_TRUE(r.lasso->looping[0].at_barrier);
  }
  // The exact state graph agrees, with a lasso that stops at the barrier:
  // P1 has terminated, P0 waits.
  const auto specs = all_specs();
  auto got = decide_sequentially_consistent(p, one_per_thread(p), specs, Deadline::never());
  for (std::size_t k = 0; k < specs.size(); ++k) {
    ASSERT_EQ(got[k].terminates, std::optional<bool>(false)) << progress::spec_name(specs[k]);
    ASSERT_TRUE(got[k].lasso.has_value());
    EXPECT_TRUE(got[k].lasso->cycle.empty());
    ASSERT_EQ(got[k].lasso->looping.size(), 1u);
    EXPECT_EQ(got[k].lasso->looping[0].thread, 0);
    EXPECT_TRUE(got[k].lasso->looping[0].at_barrier);
    // P0 arrived and never departs; under FAIR the lasso also lets P1
    // finish (P1 is owed steps), the others may pause it.
    int arrivals = 0, departures = 0;
    for (const auto& e : got[k].lasso->prefix)
      arrivals += e.kind == explorer::StepKind::BarrierArrive, departures += e.kind == explorer::StepKind::BarrierDepart;
    EXPECT_EQ(arrivals, 1);
    EXPECT_EQ(departures, 0);
    if (specs[k].model == Model::Fair) EXPECT_EQ(got[k].lasso->terminated_units, std::vector<int>{1});
    else EXPECT_EQ(got[k].lasso->paused_units, std::vector<int>{1}) << progress::spec_name(specs[k]);
  }
  // Without a count the barrier's rule is the explorer's countless one,
  // which the state searches leave out (liveness/global_state.hpp): the
  // exact graph stays undecided, the stuck lasso of the execution graphs
  // still shows the hang.
  auto countless = litmus_program(R"(PTX bar_countless
{
m=0;
}
P0@cta 0,gpu 0          | P1@cta 0,gpu 0          ;
bar.cta.sync 0          | st.relaxed.gpu m, 1     ;
exists 0==0
)");
  for (const ScDecision& d : decide_sequentially_consistent(countless, one_per_thread(countless), specs,
                                                            Deadline::never()))
    EXPECT_FALSE(d.terminates.has_value());
  // With a count of one P0 passes alone: it terminates.
  auto alone = litmus_program(R"(PTX bar_count1
{
m=0;
}
P0@cta 0,gpu 0          | P1@cta 0,gpu 0          ;
bar.cta.sync 0, 0, 1    | st.relaxed.gpu m, 1     ;
exists 0==0
)");
  EXPECT_EQ(check_barriers(alone, Model::Fair).verdict, Verdict::Terminates);
  auto exact = decide_sequentially_consistent(alone, one_per_thread(alone), all_specs(), Deadline::never());
  EXPECT_EQ(exact[1].terminates, std::optional<bool>(true));  // FAIR, weak
}

// The AXB program with a barrier of the whole CTA appended to every thread
// (a branch to END now goes to the barrier).
explorer::Program with_trailing_barrier(const progress::Program& ap) {
  explorer::Program ep = testing::explorer_program(ap);
  for (auto& th : ep.threads) {
    explorer::Instr bar;
    bar.kind = explorer::InstrKind::Barrier;
    bar.barrier_count = static_cast<int>(ep.threads.size());  // the whole CTA
    bar.text = "bar.cta.sync 0, 0, " + std::to_string(bar.barrier_count);
    th.code.push_back(bar);
  }
  return ep;
}

// A barrier that every thread reaches at its end changes no FAIR row: a
// thread waiting there is disabled, as a finished one, and the last arrival
// releases all. UNFAIR (F empty) may stop every run with a thread waiting
// there, so with two threads or more it always may hang. The reference is
// progress's exact decision on the program without the barrier; the state
// graph is compared on every program, the whole engine (the livelock replay
// through barrier instances) on the first ones of at most three threads.
TEST(LivenessDifferential, TrailingBarrierKeepsFairRowsAndHangsUnfair) {
  std::mt19937 rng(1517);
  constexpr int kEngineRuns = 80;
  int compared = 0, lassos = 0, engine_decided = 0, engine_rows = 0;
  for (int i = 0; i < 300; ++i) {
    progress::testing::RandomShape shape;
    shape.max_locations = 1;
    progress::Program ap = progress::testing::random_program(rng, shape);
    auto want = progress::Checker(ap).check_all();
    explorer::Program ep = with_trailing_barrier(ap);
    ASSERT_TRUE(sc_is_exact(ep));
    std::vector<ModelSpec> specs;
    std::vector<std::size_t> rows;
    for (std::size_t k = 0; k < want.size(); ++k)
      if (want[k].spec.model == Model::Fair || want[k].spec.model == Model::Unfair)
        specs.push_back(want[k].spec), rows.push_back(k);
    auto got = decide_sequentially_consistent(ep, one_per_thread(ep), specs, Deadline::never());
    auto engine = i < kEngineRuns && ep.threads.size() <= 3 ? check_liveness_all(ep, {}) : std::vector<LivenessResult>{};
    for (std::size_t k = 0; k < specs.size(); ++k) {
      const progress::Verdict& w = want[rows[k]];
      const bool expected = w.spec.model == Model::Unfair && ep.threads.size() >= 2 ? false : w.terminates;
      ASSERT_TRUE(got[k].terminates.has_value());
      EXPECT_EQ(*got[k].terminates, expected) << "program " << i << " " << progress::spec_name(w.spec) << "\n"
                                              << progress::print_axb(ap);
      ++compared;
      if (got[k].lasso && !got[k].lasso->cycle.empty()) testing::expect_cycle_replays(ep, *got[k].lasso), ++lassos;
      if (engine.empty()) continue;
      ++engine_rows;
      const LivenessResult& e = engine[rows[k]];
      ASSERT_EQ(e.model.model, w.spec.model);
      if (e.verdict == Verdict::Unknown) continue;
      ++engine_decided;
      EXPECT_EQ(e.verdict == Verdict::Terminates, expected)
          << "program " << i << " " << progress::spec_name(w.spec) << ": " << e.reason << "\n"
          << progress::print_axb(ap);
    }
  }
  std::cout << compared << " rows compared, " << lassos << " livelock lassos replayed; the engine decides "
            << engine_decided << " of " << engine_rows << " rows\n";
  EXPECT_EQ(compared, 900);
  EXPECT_GT(lassos, 100);
  EXPECT_GT(engine_decided * 10, engine_rows * 9);
}

// Over two locations SRC11 allows more reads than the interleavings, and the
// exact decision is out: the engine's livelocks come from the replay of
// execution graphs (liveness/cycles.cpp) through the trailing barrier. Each
// one must replay (sequentially consistent, departures after their
// instance's arrivals, back to its first state), and a "terminates" must be
// progress's too.
TEST(LivenessDifferential, TrailingBarrierLivelocksReplayOverTwoLocations) {
  std::mt19937 rng(1518);
  int rows = 0, decided = 0, replayed = 0;
  for (int i = 0; i < 400; ++i) {
    progress::testing::RandomShape shape;
    shape.max_locations = 2;
    shape.max_threads = 3;
    progress::Program ap = progress::testing::random_program(rng, shape);
    explorer::Program ep = with_trailing_barrier(ap);
    if (sc_is_exact(ep)) continue;  // one location used
    auto want = progress::Checker(ap).check_all();
    auto got = check_liveness_all(ep, {});
    for (std::size_t k = 0; k < want.size(); ++k) {
      if (want[k].spec.model != Model::Fair) continue;
      ++rows;
      if (got[k].verdict == Verdict::Unknown) continue;
      ++decided;
      if (got[k].verdict == Verdict::Terminates) {
        EXPECT_TRUE(want[k].terminates) << "program " << i << " " << progress::spec_name(want[k].spec) << "\n"
                                        << progress::print_axb(ap);
      }
      if (got[k].lasso && !got[k].lasso->cycle.empty()) testing::expect_cycle_replays(ep, *got[k].lasso), ++replayed;
    }
  }
  std::cout << decided << " of " << rows << " FAIR rows decided, " << replayed << " livelock lassos replayed\n";
  EXPECT_GT(replayed, 25);
}

}  // namespace
}  // namespace racecert::liveness
