// Barrier instances in arrival order (explorer/barrier_instances.hpp): the
// first `count` arrivals at a barrier of a CTA complete an instance, later
// arrivals open the next one; a barrier without a count waits for the whole
// CTA. Each test counts the executions the DPOR finds.
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

// Without a count an instance needs every thread of the CTA (the ISA's
// reading, kept by the SRC11 explorer): two threads at different ids wait
// for each other forever; at the same id they pass.
TEST(ExplorerBarriers, CountlessBarriersWaitForTheWholeCta) {
  ExploreResult diff = run(R"(PTX ids
{ }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 bar.cta.sync 0 | bar.cta.sync 1 ;
forall (true)
)");
  EXPECT_EQ(diff.executions, 0u);
  EXPECT_EQ(diff.blocked, 1u);
  ExploreResult same = run(R"(PTX ids
{ }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 bar.cta.sync 1 | bar.cta.sync 1 ;
forall (true)
)");
  EXPECT_EQ(same.executions, 1u);
}

// Register operands are read on arrival: equal ids meet, and a register
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
  EXPECT_EQ(apart.executions, 0u);
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
