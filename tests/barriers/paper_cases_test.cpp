// The cases of issue 6 (datasets/barriers): each verdict from the algorithm,
// confirmed by the paper's direct form and the brute-force reference, and
// the printed algorithm's gaps shown on the two programs that exhibit them.
#include <gtest/gtest.h>

#include "barriers/analysis.hpp"
#include "barriers/direct_check.hpp"
#include "barriers/reference.hpp"
#include "test_util.hpp"

namespace racecert::barriers {
namespace {

using K = SyncViolation::Kind;

// All three checkers agree; returns the algorithm's analysis.
Analysis verdict(const std::string& file, Outcome expected) {
  Program p = testing::load(file);
  Analysis a = analyze(p);
  EXPECT_EQ(to_string(a.verdict.outcome), std::string(to_string(expected))) << file;
  Verdict direct = check_direct(p);
  EXPECT_EQ(to_string(direct.outcome), std::string(to_string(expected))) << file << " (direct form)";
  if (expected != Outcome::Unknown) {
    // 32-thread warps are too many threads to interleave one by one; in
    // lockstep mode each warp is a single agent. These programs use
    // lane-distinct addresses, so their verdicts do not depend on the mode
    // (checked here for the algorithm too).
    Program small = p;
    small.lockstep = true;
    EXPECT_EQ(to_string(analyze(small).verdict.outcome), std::string(to_string(expected))) << file << " (lockstep)";
    std::optional<Verdict> ref = check_brute_force(small);
    EXPECT_TRUE(ref.has_value()) << file;
    if (ref) {
      EXPECT_EQ(to_string(ref->outcome), std::string(to_string(expected))) << file << " (brute force)";
    }
  }
  return a;
}

TEST(PaperCases, Listing1Deadlocks) {
  Analysis a = verdict("listing1-deadlock.bar", Outcome::NotWellSynchronized);
  ASSERT_TRUE(a.verdict.violation);
  EXPECT_EQ(a.verdict.violation->kind, K::Deadlock);
  ASSERT_EQ(a.verdict.violation->waits.size(), 2u);
}

TEST(PaperCases, Figure3IsWellSynchronizedAndRaceFree) {
  Analysis a = verdict("fig3-working-example.bar", Outcome::RaceFree);
  EXPECT_EQ(a.stats.dynamic_barriers, 4u);
  EXPECT_EQ(a.stats.thread_accesses, 4u * 32);
  verdict("listing2-threads.bar", Outcome::RaceFree);
  verdict("producer-consumer.bar", Outcome::RaceFree);
}

TEST(PaperCases, HeptaneBarrierReuse) {
  verdict("heptane-reuse.bar", Outcome::RaceFree);
  Analysis a = verdict("heptane-unsafe-reuse.bar", Outcome::NotWellSynchronized);
  ASSERT_TRUE(a.verdict.violation);
  EXPECT_EQ(a.verdict.violation->kind, K::UnsafeRecycling);
  EXPECT_EQ(a.verdict.violation->barrier, 2u);
  EXPECT_EQ(a.verdict.violation->generation, 2u);
  EXPECT_EQ(a.verdict.violation->other, (CmdRef{3, 0}));  // D's sync completes generation 1
}

TEST(PaperCases, RtmWriteAfterRead) {
  Analysis a = verdict("rtm-war.bar", Outcome::Racy);
  ASSERT_EQ(a.verdict.racing_pairs, 1u);
  const Race& r = a.verdict.races.at(0);
  EXPECT_EQ(r.first.at, (CmdRef{0, 3}));   // the DMA warp's second write
  EXPECT_EQ(r.second.at, (CmdRef{1, 3}));  // the compute warp's read after its arrive
  EXPECT_EQ(r.address, static_cast<std::int64_t>(r.first.thread));  // buf[lane], same lane
  EXPECT_EQ(r.second.thread, r.first.thread + 32);
  verdict("rtm-fixed.bar", Outcome::RaceFree);
}

TEST(PaperCases, MixedWidthsRaceWhenByteRangesOverlap) {
  Analysis a = verdict("mixed-widths-racy.bar", Outcome::Racy);
  ASSERT_FALSE(a.verdict.races.empty());
  const Race& r = a.verdict.races.at(0);
  EXPECT_EQ(r.first.at, (CmdRef{0, 0}));   // a float4 store of warp 0
  EXPECT_EQ(r.second.at, (CmdRef{1, 0}));  // a float load of warp 1
  // The shared address lies in both ranges: [16 lane, +16) and [4 (tid - 32), +4).
  std::int64_t store = 16 * static_cast<std::int64_t>(r.first.thread);
  std::int64_t load = 4 * (static_cast<std::int64_t>(r.second.thread) - 32);
  EXPECT_GE(r.address, store);
  EXPECT_LT(r.address, store + 16);
  EXPECT_GE(r.address, load);
  EXPECT_LT(r.address, load + 4);
  verdict("mixed-widths-drf.bar", Outcome::RaceFree);
}

TEST(PaperCases, CountMismatch) {
  Analysis a = verdict("count-mismatch.bar", Outcome::NotWellSynchronized);
  EXPECT_EQ(a.verdict.violation->kind, K::CountMismatch);
  EXPECT_EQ(a.verdict.violation->at, (CmdRef{1, 0}));
  EXPECT_EQ(a.verdict.violation->other, (CmdRef{0, 0}));
}

TEST(PaperCases, DoubleArrivalBreaksRecycling) {
  Analysis a = verdict("double-arrival.bar", Outcome::NotWellSynchronized);
  EXPECT_EQ(a.verdict.violation->kind, K::UnsafeRecycling);
  EXPECT_EQ(a.verdict.violation->at, (CmdRef{0, 3}));  // the second arrival
}

TEST(PaperCases, UnknownWhenDataDependent) {
  Analysis a = analyze(testing::load("unknown.bar"));
  EXPECT_EQ(a.verdict.outcome, Outcome::Unknown);
  ASSERT_EQ(a.opaque.size(), 1u);
  EXPECT_EQ(a.opaque[0], (CmdRef{0, 2}));
}

// The two gaps of the printed WELLSYNC (issue 6): the printed algorithm
// accepts both programs, the fixed one rejects them like the reference.
TEST(PrintedAlgorithm, ArriveOnlyGenerationIsNeverChecked) {
  Program p = testing::load("arrive-only-generation.bar");
  DirectOptions printed;
  printed.printed_algorithm = true;
  EXPECT_EQ(check_direct(p, printed).outcome, Outcome::RaceFree);
  Analysis a = verdict("arrive-only-generation.bar", Outcome::NotWellSynchronized);
  EXPECT_EQ(a.verdict.violation->kind, K::UnsafeRecycling);
  EXPECT_EQ(a.verdict.violation->other, (CmdRef{0, 0}));  // c1 is an arrive
  // The same with one thread per warp, under the paper's per-thread semantics.
  Program t = testing::parse_one(
      "kernel k { thread 0 { arrive 1 2 } thread 1 { arrive 1 2; arrive 1 2 } thread 2 { write x; sync 1 2; read x } }");
  EXPECT_EQ(check_direct(t, printed).outcome, Outcome::RaceFree);
  EXPECT_EQ(analyze(t).verdict.outcome, Outcome::NotWellSynchronized);
  std::optional<Verdict> ref = check_brute_force(t);
  ASSERT_TRUE(ref);
  EXPECT_EQ(ref->outcome, Outcome::NotWellSynchronized);
}

TEST(PrintedAlgorithm, FirstCommandOfALaterGeneration) {
  Program p = testing::load("late-first-registration.bar");
  DirectOptions printed;
  printed.printed_algorithm = true;
  EXPECT_NE(check_direct(p, printed).outcome, Outcome::NotWellSynchronized);
  Analysis a = verdict("late-first-registration.bar", Outcome::NotWellSynchronized);
  EXPECT_EQ(a.verdict.violation->kind, K::FirstRegistration);
  EXPECT_EQ(a.verdict.violation->at, (CmdRef{2, 0}));
}

TEST(PrintedAlgorithm, ReflexivityIsNeeded) {
  // A thread arriving on two consecutive generations: c1 (its first arrive)
  // is c3 (the command before the second). Well-synchronized; without a
  // reflexive relation the fixed c1 range would reject it.
  Program p = testing::parse_one("kernel k { thread 0 { arrive 0 1; arrive 0 1; write x } thread 1 { read y } }");
  EXPECT_EQ(analyze(p).verdict.outcome, Outcome::RaceFree);
  EXPECT_EQ(check_direct(p).outcome, Outcome::RaceFree);
  EXPECT_EQ(check_brute_force(p)->outcome, Outcome::RaceFree);
  // The printed algorithm's relation is not reflexive: here generation 1
  // has a single sync, so R(c1, c1) for c1 = c3 = that sync never holds and
  // the printed algorithm rejects a well-synchronized program.
  Program q = testing::parse_one("kernel k { thread 0 { sync 0 2; arrive 0 1 } thread 1 { arrive 0 2 } }");
  DirectOptions printed;
  printed.printed_algorithm = true;
  Verdict old = check_direct(q, printed);
  EXPECT_EQ(old.outcome, Outcome::NotWellSynchronized);
  EXPECT_EQ(old.violation->at, (CmdRef{0, 1}));
  EXPECT_EQ(old.violation->other, (CmdRef{0, 0}));
  EXPECT_EQ(analyze(q).verdict.outcome, Outcome::RaceFree);
  EXPECT_EQ(check_brute_force(q)->outcome, Outcome::RaceFree);
  // The same with a 32-thread warp is *not* well-synchronized: its threads
  // are independent, so one may arrive twice before another arrives once.
  Program w = testing::parse_one("kernel k { warp 0 { arrive 0 32; arrive 0 32 } }");
  EXPECT_EQ(analyze(w).verdict.outcome, Outcome::NotWellSynchronized);
  // Unless the warp runs in lockstep (warp-synchronous).
  w.lockstep = true;
  EXPECT_EQ(analyze(w).verdict.outcome, Outcome::RaceFree);
}

TEST(Semantics, ThreadsOfOneWarpRaceUnlessLockstep) {
  // Lane t writes s[t], then every lane reads s[0]: lanes are independent
  // threads, so lane 0's write races with the other lanes' reads...
  Program p = testing::parse_one("kernel k { warp 0 { write s[lane]; read s[0] } }");
  Analysis a = analyze(p);
  ASSERT_EQ(a.verdict.outcome, Outcome::Racy);
  EXPECT_EQ(a.verdict.races.at(0).first.at, (CmdRef{0, 0}));
  EXPECT_EQ(a.verdict.races.at(0).second.at, (CmdRef{0, 1}));
  // ... unless a barrier separates them...
  Program q = testing::parse_one("kernel k { warp 0 { write s[lane]; sync 1 32; read s[0] } }");
  EXPECT_EQ(analyze(q).verdict.outcome, Outcome::RaceFree);
  // ... or the warp runs in lockstep, where only one command's own lanes can collide.
  p.lockstep = true;
  EXPECT_EQ(analyze(p).verdict.outcome, Outcome::RaceFree);
  Program r = testing::parse_one("kernel k lockstep { warp 0 { write s } }");
  Analysis ar = analyze(r);
  ASSERT_EQ(ar.verdict.outcome, Outcome::Racy);
  EXPECT_EQ(ar.verdict.races.at(0).first.at, (CmdRef{0, 0}));
  EXPECT_EQ(ar.verdict.races.at(0).second.at, (CmdRef{0, 0}));
  EXPECT_NE(ar.verdict.races.at(0).first.thread, ar.verdict.races.at(0).second.thread);
}

}  // namespace
}  // namespace racecert::barriers
