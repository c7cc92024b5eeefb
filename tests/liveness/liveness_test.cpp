// The liveness engine (liveness/): hand-written litmus tests per model,
// lasso replay, occupancy, and a randomized differential test against
// racecert progress's exact decisions on AXB programs.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>

#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "explorer/thread_runner.hpp"
#include "liveness/liveness.hpp"
#include "tests/liveness/shared_programs.hpp"
#include "liveness/sc_graph.hpp"
#include "progress/oracle.hpp"
#include "progress/printer.hpp"
#include "axb_program.hpp"
#include "cycle_replay.hpp"
#include "../progress/random_programs.hpp"
#include "tests/support/seed_sampling.hpp"

namespace racecert::liveness {
namespace {

using progress::Fairness;
using progress::Model;
using progress::ModelSpec;

explorer::Program parse(const std::string& text) {
  return explorer::litmus::lower(explorer::litmus::parse_litmus(text)).program;
}

LivenessResult check(const explorer::Program& p, Model m, unsigned occupancy = 0,
                     Fairness f = Fairness::Weak) {
  LivenessOptions o;
  o.model = ModelSpec{m, f, 0};
  o.max_resident_units = occupancy;
  return check_liveness(p, o);
}

// P0 waits for the flag P1 sets.
const char* kFlagWait = R"(PTX flag_wait
{
flag=0;
P0:r0=0;
}
P0@cta 0,gpu 0                | P1@cta 0,gpu 0          ;
L0:                           | st.relaxed.gpu flag, 1  ;
ld.relaxed.gpu r0, flag       |                         ;
beq r0, 0, L0                 |                         ;
exists 0==0
)";

// A spin lock around nothing: exchange until the old value is 0, release.
const char* kMutex = R"(PTX mutex
{
m=0;
P0:r0=0;
P1:r1=0;
}
P0@cta 0,gpu 0                  | P1@cta 0,gpu 0                  ;
L0:                             | L1:                             ;
atom.relaxed.gpu.exch r0, m, 1  | atom.relaxed.gpu.exch r1, m, 1  ;
beq r0, 1, L0                   | beq r1, 1, L1                   ;
st.relaxed.gpu m, 0             | st.relaxed.gpu m, 0             ;
exists 0==0
)";

// P0 spins while x == 1; P1 sets x to 1 and back to 0. Only a pause of P1
// between its two writes hangs P0: HSA may do it (P1 is not the lowest
// live thread), OBE may not (P1 has started, so it is fair).
const char* kToggle = R"(PTX toggle
{
x=0;
P0:r0=0;
}
P0@cta 0,gpu 0                | P1@cta 0,gpu 0          ;
L0:                           | st.relaxed.gpu x, 1     ;
ld.relaxed.gpu r0, x          | st.relaxed.gpu x, 0     ;
beq r0, 1, L0                 |                         ;
exists 0==0
)";

// P1 waits for P0's flag: LOBE lets P1 start first and then owes P0 a step,
// unless the one resident slot is P1's.
const char* kLobe = R"(PTX lobe_wait
{
flag=0;
P1:r0=0;
}
P0@cta 0,gpu 0           | P1@cta 0,gpu 0                ;
st.relaxed.gpu flag, 1   | L0:                           ;
                         | ld.relaxed.gpu r0, flag       ;
                         | beq r0, 0, L0                 ;
exists 0==0
)";

// Replays a lasso: the prefix is a run of each thread's code (every event is
// the thread's next step, with the value it wrote or read), each read returns
// the value of some write to its location (or the initial value), every
// looping thread ends spin-blocked with its iteration's reads seeing the
// last value written in the prefix, paused units take no step when the model
// only pauses units before they start, and F holds no paused unit.
void expect_lasso_replays(const explorer::Program& p, const LivenessResult& r) {
  ASSERT_EQ(r.verdict, Verdict::MayHang) << r.reason;
  ASSERT_TRUE(r.lasso.has_value());
  const Lasso& l = *r.lasso;
  ASSERT_FALSE(l.looping.empty());
  std::vector<explorer::ThreadRunner> runners;
  std::vector<explorer::ThreadState> states;
  for (std::size_t t = 0; t < p.threads.size(); ++t) {
    runners.emplace_back(p, static_cast<int>(t), 4);
    states.push_back(runners.back().initial());
  }
  std::vector<explorer::Value> last(p.init);
  std::vector<int> events(p.threads.size(), 0);
  std::vector<std::vector<explorer::Value>> written(p.locations.size());
  for (std::size_t loc = 0; loc < p.locations.size(); ++loc) written[loc].push_back(p.init[loc]);
  for (const explorer::ScheduledEvent& e : l.prefix) {
    auto t = static_cast<std::size_t>(e.thread);
    ASSERT_EQ(states[t].status, explorer::ThreadStatus::Running);
    explorer::Step st = runners[t].next(states[t]);
    ASSERT_EQ(st.kind, e.kind);
    ASSERT_EQ(st.pc, e.pc);
    if (e.kind == explorer::StepKind::Write) {
      ASSERT_EQ(st.value, e.value);
      last[static_cast<std::size_t>(e.location)] = e.value;
      written[static_cast<std::size_t>(e.location)].push_back(e.value);
    }
    if (e.kind == explorer::StepKind::Read) {
      const auto& w = written[static_cast<std::size_t>(e.location)];
      ASSERT_NE(std::find(w.begin(), w.end(), e.value), w.end()) << "a read of a value nobody wrote";
    }
    runners[t].advance(states[t], e.value);
    ++events[t];
  }
  for (const LoopingThread& lt : l.looping) {
    auto t = static_cast<std::size_t>(lt.thread);
    if (lt.at_barrier) continue;
    ASSERT_EQ(states[t].status, explorer::ThreadStatus::SpinBlocked);
    // The failed iteration's reads saw the final values.
    int start = runners[t].spin_iteration_start(states[t]), k = 0;
    for (const explorer::ScheduledEvent& e : l.prefix) {
      if (static_cast<std::size_t>(e.thread) != t || k++ < start) continue;
      if (e.kind == explorer::StepKind::Read) { EXPECT_EQ(e.value, last[static_cast<std::size_t>(e.location)]); }
    }
  }
  for (int u : l.paused_units) {
    EXPECT_EQ(std::count(l.fair_units.begin(), l.fair_units.end(), u), 0);
    if (r.model.model != Model::Hsa && r.model.model != Model::Unfair) {
      EXPECT_EQ(events[static_cast<std::size_t>(u)], 0);
    }
  }
}

TEST(Liveness, FlagWaitTerminatesUnderFairOnly) {
  auto p = parse(kFlagWait);
  EXPECT_EQ(check(p, Model::Fair).verdict, Verdict::Terminates);
  EXPECT_EQ(check(p, Model::Fair, 0, Fairness::Strong).verdict, Verdict::Terminates);
  for (Model m : {Model::Unfair, Model::Obe, Model::Hsa, Model::HsaObe}) {
    LivenessResult r = check(p, m);
    expect_lasso_replays(p, r);
    EXPECT_EQ(r.lasso->paused_units, std::vector<int>{1}) << progress::model_name(m);
    EXPECT_EQ(r.lasso->looping.front().thread, 0);
  }
  // LOBE: P1 > max started = P0, so P1 may never start.
  EXPECT_EQ(check(p, Model::Lobe).verdict, Verdict::MayHang);
}

TEST(Liveness, MutexTerminatesUnderObeButNotHsaOrUnfair) {
  auto p = parse(kMutex);
  for (Model m : {Model::Fair, Model::Obe, Model::HsaObe, Model::Lobe})
    EXPECT_EQ(check(p, m).verdict, Verdict::Terminates) << progress::model_name(m);
  // HSA: P1 takes the lock, is paused; P0 (lowest) spins on it forever.
  LivenessResult hsa = check(p, Model::Hsa);
  expect_lasso_replays(p, hsa);
  EXPECT_EQ(hsa.lasso->paused_units, std::vector<int>{1});
  EXPECT_EQ(hsa.lasso->fair_units, std::vector<int>{0});
  expect_lasso_replays(p, check(p, Model::Unfair));
}

TEST(Liveness, HsaStarvesAHigherThreadMidway) {
  auto p = parse(kToggle);
  for (Model m : {Model::Fair, Model::Obe, Model::HsaObe, Model::Lobe})
    EXPECT_EQ(check(p, m).verdict, Verdict::Terminates) << progress::model_name(m);
  LivenessResult r = check(p, Model::Hsa);
  expect_lasso_replays(p, r);
  // P1 paused after its first write: one event of P1 in the prefix.
  int p1 = 0;
  for (const auto& e : r.lasso->prefix) p1 += e.thread == 1;
  EXPECT_EQ(p1, 1);
  EXPECT_EQ(check(p, Model::Unfair).verdict, Verdict::MayHang);
}

TEST(Liveness, OccupancyStarvesAnUnstartedLowerThread) {
  auto p = parse(kLobe);
  EXPECT_EQ(check(p, Model::Lobe).verdict, Verdict::Terminates);
  LivenessResult r = check(p, Model::Lobe, 1);
  expect_lasso_replays(p, r);
  EXPECT_EQ(r.lasso->paused_units, std::vector<int>{0});
  EXPECT_EQ(r.model.occupancy, 1u);
  // Two slots: P0 can always start.
  EXPECT_EQ(check(p, Model::Lobe, 2).verdict, Verdict::Terminates);
  // As progress's occupancy, the bound binds OBE and LOBE only.
  EXPECT_EQ(check(p, Model::Fair, 1).verdict, Verdict::Terminates);
  EXPECT_EQ(check(p, Model::Fair, 1).model.occupancy, 0u);
  auto rows = check_liveness_all(p, LivenessOptions{{}, {}, 1, 4, Deadline::never()});
  EXPECT_EQ(rows[9].model.model, Model::Lobe);
  EXPECT_EQ(rows[9].model.occupancy, 1u);
  EXPECT_EQ(rows[9].verdict, Verdict::MayHang);
}

TEST(Liveness, UnitsGroupThreads) {
  // Both threads in one unit: the unit has started (P0 spins), so OBE owes
  // it progress, and P1 runs: the flag wait terminates.
  auto p = parse(kFlagWait);
  LivenessOptions o;
  o.model = ModelSpec{Model::Obe, Fairness::Weak, 0};
  EXPECT_EQ(check_liveness(p, o).verdict, Verdict::MayHang);
  o.unit_of_thread = {0, 0};
  EXPECT_EQ(check_liveness(p, o).verdict, Verdict::Terminates);
}

TEST(Liveness, LivelocksAreWeakLassosAndStrongDecidedExactly) {
  // The ping-pong livelock: each thread exchanges and loops, writing forever.
  auto p = parse(R"(PTX pingpong
{
m=0;
P0:r0=0;
P1:r1=0;
}
P0@cta 0,gpu 0                  | P1@cta 0,gpu 0                  ;
L0:                             | L1:                             ;
atom.relaxed.gpu.exch r0, m, 0  | atom.relaxed.gpu.exch r1, m, 1  ;
beq r0, 1, L0                   | beq r1, 0, L1                   ;
exists 0==0
)");
  LivenessResult weak = check(p, Model::Fair);
  ASSERT_EQ(weak.verdict, Verdict::MayHang) << weak.reason;
  testing::expect_cycle_replays(p, *weak.lasso);
  EXPECT_EQ(weak.lasso->fair_units, (std::vector<int>{0, 1}));
  // Under strong fairness the scheduler must eventually let a thread read
  // its exit value. The execution graphs cannot show it (the loop writes),
  // but one location of atomics is sequentially consistent, and the exact
  // state graph decides: it terminates, as progress says of the AXB program.
  LivenessResult strong = check(p, Model::Fair, 0, Fairness::Strong);
  EXPECT_EQ(strong.verdict, Verdict::Terminates) << strong.reason;
  EXPECT_NE(strong.reason.find("sequentially consistent"), std::string::npos);
}

TEST(Liveness, LivelockOverTwoLocationsIsUnknownUnderStrongFairness) {
  // The ping-pong again, each thread also writing a location of its own:
  // outside the exact class, so strong fairness stays unknown, never
  // "terminates" from a bounded search.
  auto p = parse(R"(PTX pingpong2
{
m=0;
a=0;
P0:r0=0;
P1:r1=0;
}
P0@cta 0,gpu 0                  | P1@cta 0,gpu 0                  ;
L0:                             | L1:                             ;
st.relaxed.gpu a, 1             | st.relaxed.gpu a, 2             ;
atom.relaxed.gpu.exch r0, m, 0  | atom.relaxed.gpu.exch r1, m, 1  ;
beq r0, 1, L0                   | beq r1, 0, L1                   ;
exists 0==0
)");
  EXPECT_EQ(check(p, Model::Fair).verdict, Verdict::MayHang);
  LivenessResult strong = check(p, Model::Fair, 0, Fairness::Strong);
  EXPECT_EQ(strong.verdict, Verdict::Unknown);
  EXPECT_NE(strong.reason.find("loop bound"), std::string::npos);
}

TEST(Liveness, LivelockWithASpinningPartner) {
  // P0 stores 1 and exchanges it back to 0, forever while it reads 1; P1
  // spins while it reads 0. The weak lasso needs P1's self-loop at the
  // states where the location holds 0.
  auto p = parse(R"(PTX spin_partner
{
m=0;
P0:r0=0;
P1:r1=0;
}
P0@cta 0,gpu 0                  | P1@cta 0,gpu 0                  ;
L0:                             | L1:                             ;
st.relaxed.gpu m, 1             | atom.relaxed.gpu.exch r1, m, 0  ;
atom.relaxed.gpu.exch r0, m, 0  | beq r1, 0, L1                   ;
beq r0, 1, L0                   |                                 ;
exists 0==0
)");
  LivenessResult r = check(p, Model::Fair);
  ASSERT_EQ(r.verdict, Verdict::MayHang) << r.reason;
  testing::expect_cycle_replays(p, *r.lasso);
  EXPECT_EQ(r.lasso->looping.size(), 2u);
}

TEST(Liveness, ThreadsOfAScheduledUnitAreFairToEachOther) {
  // A compare-and-swap lock taken by four threads, two per unit. Under OBE,
  // LOBE and HSA-OBE a thread that loops has started its unit, so its unit
  // is in F. (The livelock search once let a thread of an unstarted unit
  // take a spin self-loop and reported F = {0} with unit 1 looping.)
  auto p = parse(R"(PTX caslock
{
l=0;
c=0;
}
P0@cta 0,gpu 0                    | P1@cta 0,gpu 0                    | P2@cta 1,gpu 0                    | P3@cta 1,gpu 0                    ;
L0:                               | L1:                               | L2:                               | L3:                               ;
atom.acquire.gpu.cas r0, l, 0, 1  | atom.acquire.gpu.cas r0, l, 0, 1  | atom.acquire.gpu.cas r0, l, 0, 1  | atom.acquire.gpu.cas r0, l, 0, 1  ;
bne r0, 0, L0                     | bne r0, 0, L1                     | bne r0, 0, L2                     | bne r0, 0, L3                     ;
ld.weak r1, c                     | ld.weak r1, c                     | ld.weak r1, c                     | ld.weak r1, c                     ;
add r1, r1, 1                     | add r1, r1, 1                     | add r1, r1, 1                     | add r1, r1, 1                     ;
st.weak c, r1                     | st.weak c, r1                     | st.weak c, r1                     | st.weak c, r1                     ;
st.release.gpu l, 0               | st.release.gpu l, 0               | st.release.gpu l, 0               | st.release.gpu l, 0               ;
exists 0==0
)");
  int lassos = 0;
  for (Model m : {Model::Obe, Model::Lobe, Model::HsaObe})
    for (Fairness f : {Fairness::Weak, Fairness::Strong}) {
      LivenessOptions o;
      o.model = ModelSpec{m, f, 0};
      o.unit_of_thread = {0, 0, 1, 1};
      LivenessResult r = check_liveness(p, o);
      if (!r.lasso) continue;
      ++lassos;
      for (const LoopingThread& t : r.lasso->looping) {
        int unit = t.thread / 2;
        EXPECT_NE(std::find(r.lasso->fair_units.begin(), r.lasso->fair_units.end(), unit),
                  r.lasso->fair_units.end())
            << progress::model_name(m) << ": thread " << t.thread << " loops, F lacks unit " << unit << "\n"
            << r.reason;
      }
    }
  // Threads of a unit of F are fair to each other: the holder of the lock
  // runs and releases it, so none of these models lets the lock hang (per
  // unit, one thread of a unit could spin while the holder, in the same
  // unit, never ran: a lasso was found before).
  EXPECT_EQ(lassos, 0);
  for (Model m : {Model::Fair, Model::Obe, Model::Lobe, Model::HsaObe}) {
    LivenessOptions o;
    o.model = ModelSpec{m, Fairness::Weak, 0};
    o.unit_of_thread = {0, 0, 1, 1};
    EXPECT_EQ(check_liveness(p, o).verdict, Verdict::Terminates) << progress::model_name(m);
  }
  // HSA owes progress to the lowest live unit only: unit 1 may hold the lock
  // while unit 0 spins.
  LivenessOptions o;
  o.model = ModelSpec{Model::Hsa, Fairness::Weak, 0};
  o.unit_of_thread = {0, 0, 1, 1};
  EXPECT_EQ(check_liveness(p, o).verdict, Verdict::MayHang);
}

// Spins that write back what they read (docs/explorer.md, Liveness). In the
// mutex a waiter's exchange writes back the 1 it read; in a graph where the
// holder released, that 1 is older than memory's final 0: a stale spin, as
// under SRC11 the graph in which the waiter reads the release stands for it.
TEST(Liveness, WriteBackSpinOnOneLocationTerminates) {
  LivenessResult r = check(parse(kMutex), Model::Fair);
  EXPECT_EQ(r.verdict, Verdict::Terminates) << r.reason;
}

TEST(Liveness, WriteBackSpinThatReadAnOlderValueIsStaleOverTwoLocations) {
  // The mutex guarding a store to a second location: outside the exact
  // graph's class, FAIR still terminates (a waiter that reads the release
  // leaves); PTX's per-write rule would leave it undecided.
  explorer::Program p = parse(R"(PTX mutex_with_body
{ m=0; y=0; P0:r0=0; P1:r1=0; }
P0@cta 0,gpu 0                  | P1@cta 0,gpu 0                  ;
L0:                             | L1:                             ;
atom.relaxed.gpu.exch r0, m, 1  | atom.relaxed.gpu.exch r1, m, 1  ;
beq r0, 1, L0                   | beq r1, 1, L1                   ;
st.relaxed.gpu y, 1             | st.relaxed.gpu y, 2             ;
st.relaxed.gpu m, 0             | st.relaxed.gpu m, 0             ;
exists 0==0
)");
  LivenessResult fair = check(p, Model::Fair);
  EXPECT_EQ(fair.verdict, Verdict::Terminates) << fair.reason;
  // A waiter spins forever behind a holder paused inside: the lasso stands.
  EXPECT_EQ(check(p, Model::Unfair).verdict, Verdict::MayHang);
  EXPECT_EQ(check(p, Model::Hsa).verdict, Verdict::MayHang);
}

TEST(Liveness, SpinsThatWriteBackWhatTheyReadLivelockUnderEveryModel) {
  // PTX's case (ptx_liveness_test.cpp) under SRC11: once m == 2 both threads
  // loop forever, each exchange writing back the 2 it read. SRC11 compares
  // values, not writes, with memory's final state, so these spins are not
  // stale: every row hangs.
  explorer::Program p = parse(test_programs::kSilentExchanges);
  for (const LivenessResult& r : check_liveness_all(p, {})) {
    EXPECT_EQ(r.verdict, Verdict::MayHang) << progress::spec_name(r.model) << ": " << r.reason;
    ASSERT_TRUE(r.lasso.has_value());
    EXPECT_EQ(r.lasso->looping.size(), 2u) << r.reason;
  }
}

TEST(Liveness, TableHasElevenRowsAndWeakEqualsStrong) {
  auto rows = check_liveness_all(parse(kMutex), {});
  ASSERT_EQ(rows.size(), 11u);
  EXPECT_EQ(rows[0].model.model, Model::Unfair);
  for (std::size_t i = 1; i < rows.size(); i += 2) EXPECT_EQ(rows[i].verdict, rows[i + 1].verdict);
}

// Random AXB programs: where the engine decides, it agrees with progress's
// exact decision on the AXB program. One location keeps relaxed atomics
// sequentially consistent (coherence), so the two semantics are the same; with
// two locations the explorer's SRC11 allows more reads, so only its
// "terminates" must imply progress's.
TEST(LivenessDifferential, AgreesWithProgressOnRandomAxbPrograms) {
  std::mt19937 rng(15);
  int decided = 0, rows = 0, weaker = 0;
  for (int i = 0; i < testkit::seeds_checked(300); ++i) {
    progress::testing::RandomShape shape;
    shape.max_locations = i % 3 == 0 ? 2 : 1;
    progress::Program ap = progress::testing::random_program(rng, shape);
    const bool one_location = ap.location_count() == 1;
    auto want = progress::Checker(ap).check_all();
    auto got = check_liveness_all(testing::explorer_program(ap), {});
    ASSERT_EQ(want.size(), got.size());
    for (std::size_t k = 0; k < want.size(); ++k) {
      ++rows;
      if (got[k].verdict == Verdict::Unknown) continue;
      ++decided;
      const bool terminates = got[k].verdict == Verdict::Terminates;
      if (!terminates && !one_location && want[k].terminates) ++weaker;
      if (terminates || one_location) {
        EXPECT_EQ(terminates, want[k].terminates)
            << "program " << i << " model " << progress::spec_name(want[k].spec) << ": " << got[k].reason;
      }
    }
  }
  // Loops that write forever are unknown; most rows are still decided.
  std::cout << decided << " of " << rows << " rows decided; " << weaker
            << " hangs only under SRC11 (two locations)\n";
  EXPECT_GT(decided * 2, rows);
}

// The exact sequentially consistent decision alone, on every one-location
// program, against progress's (their state graphs are the same up to the
// explorer's extra local steps).
TEST(LivenessDifferential, ScStateGraphAgreesWithProgress) {
  std::mt19937 rng(1515);
  int compared = 0;
  for (int i = 0; i < 300; ++i) {
    progress::testing::RandomShape shape;
    shape.max_locations = 1;
    progress::Program ap = progress::testing::random_program(rng, shape);
    auto want = progress::Checker(ap).check_all();
    explorer::Program ep = testing::explorer_program(ap);
    UnitMap units;
    for (std::size_t t = 0; t < ep.threads.size(); ++t) units.of_thread.push_back(static_cast<int>(t));
    units.count = static_cast<int>(ep.threads.size());
    std::vector<ModelSpec> specs;
    for (const auto& v : want) specs.push_back(v.spec);
    ASSERT_TRUE(sc_is_exact(ep));
    auto got = decide_sequentially_consistent(ep, units, specs, Deadline::never());
    for (std::size_t k = 0; k < want.size(); ++k) {
      ASSERT_TRUE(got[k].terminates.has_value());
      EXPECT_EQ(*got[k].terminates, want[k].terminates) << "program " << i << " " << progress::spec_name(want[k].spec);
      ++compared;
      if (got[k].lasso) testing::expect_cycle_replays(ep, *got[k].lasso);
    }
  }
  EXPECT_EQ(compared, 3300);
}

// Units of two threads (threads 2k and 2k+1 share unit k). Under FAIR and
// UNFAIR, F does not depend on which units started, so per-thread fairness
// inside the units of F makes these rows exactly progress's rows on the same
// AXB program with one thread per unit: the reference. Per-unit fairness
// would find lassos starving one thread of a pair (the test fails with it).
TEST(LivenessDifferential, UnitsOfTwoThreadsAreFairPerThread) {
  std::mt19937 rng(1516);
  constexpr int kEngineRuns = 100;
  int compared = 0, lassos = 0, engine_decided = 0, engine_rows = 0;
  for (int i = 0; i < 300; ++i) {
    progress::testing::RandomShape shape;
    shape.max_locations = 1;
    shape.max_threads = 4;
    progress::Program ap = progress::testing::random_program(rng, shape);
    auto want = progress::Checker(ap).check_all();
    explorer::Program ep = testing::explorer_program(ap);
    UnitMap units;
    for (std::size_t t = 0; t < ep.threads.size(); ++t) units.of_thread.push_back(static_cast<int>(t / 2));
    units.count = units.of_thread.back() + 1;
    std::vector<ModelSpec> specs;
    std::vector<std::size_t> rows;
    for (std::size_t k = 0; k < want.size(); ++k)
      if (want[k].spec.model == Model::Fair || want[k].spec.model == Model::Unfair)
        specs.push_back(want[k].spec), rows.push_back(k);
    auto got = decide_sequentially_consistent(ep, units, specs, Deadline::never());
    LivenessOptions o;
    o.unit_of_thread = units.of_thread;
    // The whole engine on the first programs of at most three threads (its
    // pause plans for UNFAIR grow fast with four).
    auto engine = i < kEngineRuns && ep.threads.size() <= 3 ? check_liveness_all(ep, o) : std::vector<LivenessResult>{};
    for (std::size_t k = 0; k < specs.size(); ++k) {
      const progress::Verdict& w = want[rows[k]];
      ASSERT_TRUE(got[k].terminates.has_value());
      EXPECT_EQ(*got[k].terminates, w.terminates) << "program " << i << " " << progress::spec_name(w.spec);
      ++compared;
      if (got[k].lasso) testing::expect_cycle_replays(ep, *got[k].lasso), ++lassos;
      if (engine.empty()) continue;
      ++engine_rows;
      const LivenessResult& e = engine[rows[k]];
      ASSERT_EQ(e.model.model, w.spec.model);
      if (e.verdict == Verdict::Unknown) continue;
      ++engine_decided;
      EXPECT_EQ(e.verdict == Verdict::Terminates, w.terminates)
          << "program " << i << " " << progress::spec_name(w.spec) << ": " << e.reason << "\n"
          << progress::print_axb(ap);
    }
  }
  EXPECT_EQ(compared, 900);
  std::cout << lassos << " weak lassos replayed; the engine decides " << engine_decided << " of " << engine_rows
            << " rows\n";
  EXPECT_GT(lassos, 300);
  EXPECT_GT(engine_decided * 10, engine_rows * 9);
}


// Random AXB programs over two locations whose spins write back what they
// read (Exch(Mem[X], v) looping while it reads v): never "terminates" where
// progress hangs, and mostly decided (docs/explorer.md, Liveness: "Spins that
// write back what they read").
TEST(LivenessDifferential, WriteBackSpinsOverTwoLocationsNeverTerminateWrongly) {
  std::mt19937 rng(1517);
  int programs = 0, rows = 0, hangs = 0, decided = 0;
  for (int i = 0; programs < testkit::seeds_checked(600); ++i) {
    progress::testing::RandomShape shape;
    shape.max_locations = 2;
    shape.max_value = 1;
    progress::Program ap = progress::testing::random_program(rng, shape);
    if (ap.location_count() != 2) continue;
    bool write_back = false;
    for (auto& th : ap.threads)
      for (std::uint32_t pc = 0; pc < th.code.size(); ++pc) {
        progress::Instr& in = th.code[pc];
        if (in.exch && in.jump <= pc && rng() % 2 == 0) in.write = in.check, write_back = true;
      }
    if (!write_back) continue;
    ++programs;
    auto want = progress::Checker(ap).check_all();
    auto got = check_liveness_all(testing::explorer_program(ap), {});
    ASSERT_EQ(want.size(), got.size());
    for (std::size_t k = 0; k < want.size(); ++k) {
      ++rows;
      if (!want[k].terminates) ++hangs;
      if (got[k].verdict != Verdict::Unknown) ++decided;
      if (got[k].verdict == Verdict::Terminates) {
        EXPECT_TRUE(want[k].terminates) << "program " << i << " " << progress::spec_name(want[k].spec) << ": "
                                        << got[k].reason << "\n" << progress::print_axb(ap);
      }
    }
  }
  std::cout << rows << " rows, " << hangs << " hang under progress, " << decided << " decided\n";
  EXPECT_GT(hangs, testkit::seeds_checked(600) / 6);
  EXPECT_GT(decided * 10, rows * 9);
}

}  // namespace
}  // namespace racecert::liveness
