// Conflict-directed delay bounding (explorer/delay_bounding.hpp):
//  - against the brute-force enumeration of every SC interleaving on random
//    programs: with a delay bound at least the number of events it finds
//    exactly the reference's final states, races and forall violations; with
//    smaller bounds a subset, growing with K; K = 0 runs one schedule;
//  - on litmus programs whose bug needs exactly one and exactly two delays,
//    with and without the optimized conflict selection;
//  - accesses in different barrier intervals never trigger a delay.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>

#include "delay_bounding_reference.hpp"
#include "explorer/delay_bounding.hpp"
#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "random_litmus.hpp"
#include "tests/support/seed_sampling.hpp"

namespace racecert::explorer {
namespace {

using RaceKey = std::tuple<int, int, int, int, int, int>;

Program parse(const std::string& text) { return litmus::lower(litmus::parse_litmus(text, "test")).program; }

// Registers and memory of a complete execution, as text.
std::string final_key(const Graph& g) {
  std::string k;
  for (int t = 0; t < g.num_threads(); ++t) {
    for (Value v : g.context().runners[static_cast<std::size_t>(t)].registers(g.state(t))) k += std::to_string(v) + ",";
    k += "|";
  }
  for (int l = 0; l < g.context().num_locations; ++l) k += std::to_string(g.final_value(l)) + ",";
  return k;
}

struct Summary {
  ExploreResult result;
  std::set<std::string> finals;  // of complete executions
  std::set<RaceKey> races;
  bool forall_violated = false;
};

Summary summarize(const Program& p, ExploreResult r, std::set<std::string> finals) {
  Summary s{std::move(r), std::move(finals), {}, false};
  for (const Race& x : s.result.races)
    s.races.insert({static_cast<int>(x.kind), x.location, x.first.thread, x.first.pc, x.second.thread, x.second.pc});
  s.forall_violated = p.condition.quantifier == Quantifier::Forall && s.result.satisfying != s.result.executions;
  return s;
}

Summary run_cd(const Program& p, int k, bool optimized = false) {
  std::set<std::string> finals;
  DelayBoundOptions o;
  o.delay_bound = k;
  o.optimized_conflicts = optimized;
  o.loop_bound = 2;
  o.on_final = [&](const Graph& g, bool complete) {
    if (complete) finals.insert(final_key(g));
  };
  ExploreResult r = explore_delay_bounded(p, o);
  return summarize(p, std::move(r), std::move(finals));
}

bool subset(const auto& a, const auto& b) {
  for (const auto& x : a)
    if (!b.count(x)) return false;
  return true;
}

// Checks one random program; returns false if it is too big for the reference.
bool check_random(std::uint64_t seed, const testing::RandomShape& shape) {
  const std::string text = testing::random_litmus(seed, shape);
  Program p = parse(text);
  std::set<std::string> ref_finals;
  auto ref_run = testing::all_sc_interleavings(p, 2, 20000, [&](const Graph& g, bool complete) {
    if (complete) ref_finals.insert(final_key(g));
  });
  if (ref_run.truncated) return false;
  Summary ref = summarize(p, std::move(ref_run.result), std::move(ref_finals));
  SCOPED_TRACE("seed " + std::to_string(seed) + "\n" + text);

  // Enough delays to reach every interleaving.
  Summary full = run_cd(p, ref.result.max_events);
  EXPECT_EQ(full.finals, ref.finals);
  EXPECT_EQ(full.races, ref.races);
  EXPECT_EQ(full.forall_violated, ref.forall_violated);
  EXPECT_EQ(full.result.divergence(), ref.result.divergence());

  // Fewer delays: subsets, monotone in K; one schedule without delays.
  Summary previous = run_cd(p, 0);
  EXPECT_EQ(schedules(previous.result), 1u);
  for (int k = 1; k <= 3; ++k) {
    Summary s = run_cd(p, k);
    EXPECT_TRUE(subset(s.finals, ref.finals)) << "K=" << k;
    EXPECT_TRUE(subset(s.races, ref.races)) << "K=" << k;
    EXPECT_TRUE(subset(previous.finals, s.finals)) << "K=" << k;
    EXPECT_TRUE(subset(previous.races, s.races)) << "K=" << k;
    EXPECT_LE(schedules(previous.result), schedules(s.result)) << "K=" << k;
    previous = std::move(s);
  }
  return true;
}

void run_seeds(std::uint64_t first, int count, const testing::RandomShape& shape) {
  int checked = 0;
  for (int i = 0; i < count && !::testing::Test::HasFailure(); i += static_cast<int>(testkit::seed_stride()))
    checked += check_random(first + static_cast<std::uint64_t>(i), shape) ? 1 : 0;
  // Most programs must be small enough, or the test checks nothing.
  EXPECT_GE(checked, testkit::seeds_checked(count) * 3 / 4);
}

TEST(DelayBoundingDifferential, PlainAccesses) {
  testing::RandomShape s;
  s.fences = s.rmws = s.barriers = s.branches = false;
  run_seeds(11000, 150, s);
}

TEST(DelayBoundingDifferential, WithRmwsAndFences) {
  testing::RandomShape s;
  s.barriers = s.branches = false;
  run_seeds(12000, 150, s);
}

TEST(DelayBoundingDifferential, WithBarriers) {
  testing::RandomShape s;
  s.branches = false;
  run_seeds(13000, 150, s);
}

TEST(DelayBoundingDifferential, Everything) {
  testing::RandomShape s;
  s.max_instructions = 3;
  run_seeds(14000, 150, s);
}

TEST(DelayBoundingDifferential, FourThreads) {
  testing::RandomShape s;
  s.max_threads = 4;
  s.max_instructions = 2;
  run_seeds(15000, 100, s);
}

// The n-body bug of the paper (§3, Fig. 3) reduced: a redundant re-read of the
// lock feeds the CAS, so a thread can "acquire" a lock another thread holds.
// Delaying P0 just before the re-read lets P1 take the lock in between.
const char* kLostAtomicity = R"(PTX CD-lost-atomicity
{ L=0; c=0; }
 P0@cta 0,gpu 0                    | P1@cta 0,gpu 0                    ;
 ld.relaxed.gpu r0, L              | ld.relaxed.gpu r0, L              ;
 bne r0, 0, END                    | bne r0, 0, END                    ;
 ld.relaxed.gpu r1, L              | ld.relaxed.gpu r1, L              ;
 atom.relaxed.gpu.cas r2, L, r1, 1 | atom.relaxed.gpu.cas r2, L, r1, 1 ;
 bne r2, r1, END                   | bne r2, r1, END                   ;
 red.relaxed.gpu.add c, 1          | red.relaxed.gpu.add c, 1          ;
 END:                              | END:                              ;
forall (~(c == 2))
)";

// P1 must see x between P0's two CASes and then after the second: P0 is
// delayed after its first CAS and P1 after its first read. The stores to y
// add conflicts without a conditional atomic.
const char* kTwoDelays = R"(PTX CD-two-delays
{ x=0; y=0; }
 P0@cta 0,gpu 0                    | P1@cta 0,gpu 0        ;
 atom.relaxed.gpu.cas r0, x, 0, 1  | ld.relaxed.gpu r0, x  ;
 atom.relaxed.gpu.cas r1, x, 1, 2  | ld.relaxed.gpu r1, x  ;
 st.relaxed.gpu y, 1               | st.relaxed.gpu y, 2   ;
forall (~(P1:r0 == 1 /\ P1:r1 == 2))
)";

TEST(DelayBoundingLitmus, BugNeedingOneDelay) {
  Program p = parse(kLostAtomicity);
  EXPECT_FALSE(run_cd(p, 0).forall_violated);
  for (bool optimized : {false, true}) {
    Summary s = run_cd(p, 1, optimized);
    EXPECT_TRUE(s.forall_violated) << optimized;
    ASSERT_TRUE(s.result.witness.has_value());
    EXPECT_EQ(s.result.witness->memory[1], 2);  // c
  }
  EXPECT_LE(schedules(run_cd(p, 1, true).result), schedules(run_cd(p, 1, false).result));
  EXPECT_LT(schedules(run_cd(p, 2, true).result), schedules(run_cd(p, 2, false).result));
  EXPECT_TRUE(run_cd(p, 0).races.empty());
}

TEST(DelayBoundingLitmus, BugNeedingTwoDelays) {
  Program p = parse(kTwoDelays);
  EXPECT_FALSE(run_cd(p, 0).forall_violated);
  EXPECT_FALSE(run_cd(p, 1).forall_violated);
  EXPECT_FALSE(run_cd(p, 1, true).forall_violated);
  for (bool optimized : {false, true}) EXPECT_TRUE(run_cd(p, 2, optimized).forall_violated) << optimized;
  EXPECT_LT(schedules(run_cd(p, 2, true).result), schedules(run_cd(p, 2, false).result));
}

// The two-delay bug as an assertion failure: the litmus dialect has no
// assertions, so `mov r9, 0` becomes `assert r9` (failing) after the text is
// lowered; the branches skip it unless P1 saw 1 and then 2.
TEST(DelayBoundingLitmus, AssertionFailureNeedingTwoDelays) {
  Program p = parse(R"(PTX CD-assert
{ x=0; }
 P0@cta 0,gpu 0                    | P1@cta 0,gpu 0        ;
 atom.relaxed.gpu.cas r0, x, 0, 1  | ld.relaxed.gpu r0, x  ;
 atom.relaxed.gpu.cas r1, x, 1, 2  | ld.relaxed.gpu r1, x  ;
                                   | bne r0, 1, END        ;
                                   | bne r1, 2, END        ;
                                   | mov r9, 0             ;
                                   | END:                  ;
forall (true)
)");
  bool patched = false;
  for (Instr& in : p.threads[1].code)
    if (in.kind == InstrKind::Arith && in.text.starts_with("mov r9")) {
      in.kind = InstrKind::Assert;
      patched = true;
    }
  ASSERT_TRUE(patched);
  EXPECT_TRUE(run_cd(p, 1).result.failures.empty());
  Summary s = run_cd(p, 2);
  ASSERT_EQ(s.result.failures.size(), 1u);
  EXPECT_EQ(s.result.failures[0].kind, FailureKind::Assertion);
  EXPECT_EQ(s.result.failures[0].thread, 1);
  EXPECT_EQ(s.result.failed, 1u);
  EXPECT_TRUE(s.result.has_errors(p.condition.quantifier));
}

TEST(DelayBoundingLitmus, StopOnFirstEndsAtTheBug) {
  Program p = parse(kTwoDelays);
  DelayBoundOptions o;
  o.stop_on_first = true;
  ExploreResult all = explore_delay_bounded(p, DelayBoundOptions{});
  ExploreResult first = explore_delay_bounded(p, o);
  EXPECT_TRUE(first.stopped_early);
  EXPECT_EQ(first.executions - first.satisfying, 1u);
  EXPECT_LT(schedules(first), schedules(all));
}

// The accesses to x are in different barrier intervals: no conflict, so no
// delay and a single schedule whatever K.
TEST(DelayBoundingLitmus, BarriersSeparateConflicts) {
  const char* ordered = R"(PTX CD-barrier
{ x=0; }
 P0@cta 0,gpu 0          | P1@cta 0,gpu 0         ;
 st.relaxed.gpu x, 1     | bar.cta.sync 0         ;
 bar.cta.sync 0          | ld.relaxed.gpu r0, x   ;
forall (P1:r0 == 1)
)";
  Summary s = run_cd(parse(ordered), 3);
  EXPECT_EQ(schedules(s.result), 1u);
  EXPECT_FALSE(s.forall_violated);

  // The same accesses in one interval: delaying P0's store lets P1 read first.
  const char* same_interval = R"(PTX CD-barrier-same-interval
{ x=0; }
 P0@cta 0,gpu 0          | P1@cta 0,gpu 0         ;
 st.relaxed.gpu x, 1     | ld.relaxed.gpu r0, x   ;
 bar.cta.sync 0          | bar.cta.sync 0         ;
forall (P1:r0 == 1)
)";
  EXPECT_FALSE(run_cd(parse(same_interval), 0).forall_violated);
  EXPECT_TRUE(run_cd(parse(same_interval), 1).forall_violated);
  EXPECT_EQ(schedules(run_cd(parse(same_interval), 3).result), 2u);
}

// A data race is found in the canonical schedule already when its accesses
// are unordered there (GKLEE's race check needs no delay).
TEST(DelayBoundingLitmus, RaceWithoutDelay) {
  const char* text = R"(PTX CD-race
{ x=0; }
 P0@cta 0,gpu 0   | P1@cta 0,gpu 0  ;
 st.weak x, 1     | ld.weak r0, x   ;
exists (P1:r0 == 0)
)";
  Summary s = run_cd(parse(text), 0);
  EXPECT_EQ(s.races.size(), 1u);
  EXPECT_EQ(schedules(s.result), 1u);
  EXPECT_EQ(s.result.satisfying, 0u);
  EXPECT_EQ(run_cd(parse(text), 1).result.satisfying, 1u);
}

}  // namespace
}  // namespace racecert::explorer
