// Barrier instances in arrival order (explorer/barrier_instances.hpp): the
// first `count` arrivals at a barrier of a CTA complete an instance, later
// arrivals open the next one; a barrier without a count completes with the
// threads of the CTA that arrive at its use number (Dat3M's reading). Each
// test counts the executions the DPOR finds.
#include <gtest/gtest.h>

#include "explorer/dpor.hpp"
#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"

namespace racecert::explorer {
namespace {

ExploreResult run(const std::string& text) {
  Program p = litmus::lower(litmus::parse_litmus(text, "t.litmus")).program;
  return explore(p, ExploreOptions{});
}

// Three threads at a count-2 barrier: whichever two arrive first pass, the
// third waits forever (it is no deadlock of the two). P1 passes with P2
// before P0's store in one instance: it may read 0, racing with the store.
TEST(ExplorerBarriers, QuorumTwoOfThreeLetsTwoPass) {
  ExploreResult r = run(R"(PTX quorum
{ x=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       | P2@cta 0,gpu 0       ;
 st.weak x, 1         | bar.cta.sync 1, 0, 2 | bar.cta.sync 1, 0, 2 ;
 bar.cta.sync 1, 0, 2 | ld.weak r0, x        |                      ;
exists (P1:r0 == 0)
)");
  EXPECT_EQ(r.executions, 0u);  // a thread always waits
  // {P0,P1}: P1 reads 1; {P1,P2}: P1 reads 0 or 1; {P0,P2}: P1 waits.
  EXPECT_EQ(r.blocked, 4u);
  EXPECT_EQ(r.divergent, 4u);
  EXPECT_EQ(r.races.size(), 1u);
}

// Four threads at a count-2 barrier: two instances of two, in every pairing.
TEST(ExplorerBarriers, AnOverfilledInstanceOpensTheNext) {
  ExploreResult r = run(R"(PTX quorum-4
{ x=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       | P2@cta 0,gpu 0       | P3@cta 0,gpu 0       ;
 st.relaxed.cta x, 1  | bar.cta.sync 1, 0, 2 | bar.cta.sync 1, 0, 2 | bar.cta.sync 1, 0, 2 ;
 bar.cta.sync 1, 0, 2 | ld.relaxed.cta r0, x |                      |                      ;
exists (P1:r0 == 0)
)");
  // {P0,P1}{P2,P3}: P1 reads 1; {P0,P2}{P1,P3} and {P0,P3}{P1,P2}: 0 or 1.
  EXPECT_EQ(r.executions, 5u);
  EXPECT_EQ(r.blocked, 0u);
  EXPECT_EQ(r.satisfying, 2u);
}

// A thread's second arrival comes after its first instance completed, so
// two threads syncing twice form two instances of two, in one way only.
TEST(ExplorerBarriers, InstancesFollowProgramOrder) {
  ExploreResult r = run(R"(PTX twice
{ }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       ;
 bar.cta.sync 0, 0, 2 | bar.cta.sync 0, 0, 2 ;
 bar.cta.sync 0, 0, 2 | bar.cta.sync 0, 0, 2 ;
forall (true)
)");
  EXPECT_EQ(r.executions, 1u);
  EXPECT_EQ(r.blocked, 0u);
}

// A count larger than the CTA never completes: every thread waits.
TEST(ExplorerBarriers, ACountLargerThanTheCtaDeadlocks) {
  ExploreResult r = run(R"(PTX too-many
{ }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       | P2@cta 0,gpu 0       ;
 bar.cta.sync 1, 0, 4 | bar.cta.sync 1, 0, 4 | bar.cta.sync 1, 0, 4 ;
forall (true)
)");
  EXPECT_EQ(r.executions, 0u);
  EXPECT_EQ(r.blocked, 1u);
  EXPECT_TRUE(r.has_errors(Quantifier::None));
}

// bar.cta.arrive counts towards the instance without waiting.
TEST(ExplorerBarriers, ArrivalsWithoutWaitingCompleteAnInstance) {
  ExploreResult r = run(R"(PTX arrive
{ x=0; }
 P0@cta 0,gpu 0         | P1@cta 0,gpu 0       ;
 st.weak x, 1           | bar.cta.sync 1, 0, 2 ;
 bar.cta.arrive 1, 0, 2 | ld.weak r0, x        ;
exists (P1:r0 == 0)
)");
  EXPECT_EQ(r.executions, 1u);
  EXPECT_EQ(r.satisfying, 0u);
  EXPECT_TRUE(r.races.empty());
}

// Without a count (Dat3M's reading) an instance completes with the threads
// of the CTA that arrive at it: each thread alone at its own id passes (the
// shape of Dat3M's SB+bar-const-diff); at the same id they meet.
TEST(ExplorerBarriers, CountlessBarriersCompleteWithTheirArrivals) {
  ExploreResult diff = run(R"(PTX ids
{ }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 bar.cta.sync 0 | bar.cta.sync 1 ;
forall (true)
)");
  EXPECT_EQ(diff.executions, 1u);
  EXPECT_EQ(diff.blocked, 0u);
  ExploreResult same = run(R"(PTX ids
{ }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 bar.cta.sync 1 | bar.cta.sync 1 ;
forall (true)
)");
  EXPECT_EQ(same.executions, 1u);
  EXPECT_EQ(same.blocked, 0u);
}

// Two threads of a CTA of three meet at id 1 and synchronise (P1 reads 1,
// no race); P2 never uses id 1 and is not waited for.
TEST(ExplorerBarriers, ACountlessInstanceSynchronisesASubsetOfTheCta) {
  ExploreResult r = run(R"(PTX subset
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;
 st.weak x, 1   | bar.cta.sync 1 | bar.cta.sync 2 ;
 bar.cta.sync 1 | ld.weak r0, x  |                ;
exists (P1:r0 == 0)
)");
  EXPECT_EQ(r.executions, 1u);
  EXPECT_EQ(r.satisfying, 0u);
  EXPECT_TRUE(r.races.empty());
  EXPECT_EQ(r.blocked, 0u);
}

// Ids 0 and 1 used in opposite orders (Dat3M's PC-bar-sync-sync-4): each
// instance waits for the thread that waits at the other: a deadlock.
TEST(ExplorerBarriers, ACycleOfCountlessWaitsDeadlocks) {
  ExploreResult r = run(R"(PTX cycle
{ }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 bar.cta.sync 0 | bar.cta.sync 1 ;
 bar.cta.sync 1 | bar.cta.sync 0 ;
forall (true)
)");
  EXPECT_EQ(r.executions, 0u);
  EXPECT_EQ(r.blocked, 1u);
  EXPECT_TRUE(r.has_errors(Quantifier::None));
}

// P1 waits at id 1 (with P2; P0 never uses it) and then goes on to id 0,
// so id 0's instance waits for it and synchronises P0 with P1: no chain is
// a cycle, everyone passes, and P1 reads P0's store.
TEST(ExplorerBarriers, ACountlessInstanceWaitsForAThreadThatWillArrive) {
  ExploreResult r = run(R"(PTX chain
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;
 st.weak x, 1   | bar.cta.sync 1 | bar.cta.sync 1 ;
 bar.cta.sync 0 | bar.cta.sync 0 |                ;
                | ld.weak r0, x  |                ;
exists (P1:r0 == 0)
)");
  EXPECT_EQ(r.executions, 1u);
  EXPECT_EQ(r.satisfying, 0u);
  EXPECT_TRUE(r.races.empty());
  EXPECT_EQ(r.blocked, 0u);
}

// A thread's k-th use of an id joins instance k: P0's second use meets
// nobody (P1 finished) and passes alone.
TEST(ExplorerBarriers, TheSecondUseOfAnIdIsTheSecondInstance) {
  ExploreResult r = run(R"(PTX twice
{ }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 bar.cta.sync 0 | bar.cta.sync 0 ;
 bar.cta.sync 0 |                ;
forall (true)
)");
  EXPECT_EQ(r.executions, 1u);
  EXPECT_EQ(r.blocked, 0u);
}

// A barrier behind a branch on a value read: P0 waits while P1 may still
// arrive; once P1 read x it arrives (x = 1) or finishes (x = 0), and P0
// passes either way: two executions.
TEST(ExplorerBarriers, ACountlessInstanceWaitsUntilABranchIsDecided) {
  ExploreResult r = run(R"(PTX branch
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0    | P2@cta 0,gpu 0 ;
 bar.cta.sync 0 | ld.relaxed.cta r0, x | st.relaxed.cta x, 1 ;
                | beq r0, 0, L      |                ;
                | bar.cta.sync 0    |                ;
                | L:                |                ;
forall (true)
)");
  EXPECT_EQ(r.executions, 2u);
  EXPECT_EQ(r.blocked, 0u);
}

// P0 passes id 0 alone only if P1 will not arrive, i.e. if P1 read 0; P1
// reading P0's later store and then arriving would be a late arrival at a
// completed instance (the backward revisit that builds it is no execution):
// one execution.
TEST(ExplorerBarriers, ALateArrivalAtACompletedCountlessInstanceIsNoExecution) {
  ExploreResult r = run(R"(PTX late
{ x=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0       ;
 bar.cta.sync 0      | ld.relaxed.cta r0, x ;
 st.relaxed.cta x, 1 | beq r0, 0, L         ;
                     | bar.cta.sync 0       ;
                     | L:                   ;
exists (P1:r0 == 1)
)");
  EXPECT_EQ(r.executions, 1u);
  EXPECT_EQ(r.satisfying, 0u);
  EXPECT_EQ(r.blocked, 0u);
}

// The limit of a rule that looks at the code ahead, not at values not yet
// read: P1, waiting at id 1 for P0, might go on to id 0 (it cannot: x stays
// 0), so id 0 waits for P1 and P1 for P0: reported as a deadlock, an error
// (sound), where Dat3M's whole-execution reading lets both pass.
TEST(ExplorerBarriers, AWaitingThreadsFutureIsJudgedByItsCode) {
  ExploreResult r = run(R"(PTX static
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0    ;
 bar.cta.sync 0 | bar.cta.sync 1    ;
 bar.cta.sync 1 | ld.weak r0, x     ;
                | beq r0, 0, L      ;
                | bar.cta.sync 0    ;
                | L:                ;
forall (true)
)");
  EXPECT_EQ(r.executions, 0u);
  EXPECT_EQ(r.blocked, 1u);
}

// Register operands are read on arrival: equal ids meet, different ones
// pass apart, and a register
// count of 2 among three threads behaves as the constant 2.
TEST(ExplorerBarriers, RegisterOperandsAreReadOnArrival) {
  ExploreResult meet = run(R"(PTX reg-id
{ P0:r2=0; P1:r3=0; }
 P0@cta 0,gpu 0     | P1@cta 0,gpu 0     ;
 bar.cta.sync 1, r2 | bar.cta.sync 1, r3 ;
forall (true)
)");
  EXPECT_EQ(meet.executions, 1u);
  ExploreResult apart = run(R"(PTX reg-id
{ P0:r2=1; P1:r3=2; }
 P0@cta 0,gpu 0     | P1@cta 0,gpu 0     ;
 bar.cta.sync 1, r2 | bar.cta.sync 1, r3 ;
forall (true)
)");
  EXPECT_EQ(apart.executions, 1u);  // different ids: each passes alone (no count)
  EXPECT_EQ(apart.blocked, 0u);
  ExploreResult count = run(R"(PTX reg-count
{ P0:r1=2; P1:r1=2; P2:r1=2; }
 P0@cta 0,gpu 0        | P1@cta 0,gpu 0        | P2@cta 0,gpu 0        ;
 bar.cta.sync 1, 0, r1 | bar.cta.sync 1, 0, r1 | bar.cta.sync 1, 0, r1 ;
forall (true)
)");
  EXPECT_EQ(count.executions, 0u);
  EXPECT_EQ(count.blocked, 3u);  // each of the three waits alone once
}

}  // namespace
}  // namespace racecert::explorer
