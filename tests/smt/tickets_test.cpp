// Atomic tickets in the race queries (docs/smt-encoding.md "Atomic
// tickets"): tickets of one counter differ between the two threads of a
// query, within a block for a shared counter and grid-wide for a global one;
// tickets of different counters or cells, and plain unknowns, are unrelated.
#include <gtest/gtest.h>

#include <map>

#include "protocol/parser.hpp"
#include "smt/checker.hpp"
#include "tests/smt/protocol_check.hpp"

using namespace racecert;

namespace {

KernelReport check_tickets(const std::string& body) { return testkit::check_protocol_text(body); }

TEST(Tickets, WritingAtOnesOwnTicketIsDrf) {
  EXPECT_EQ(check_tickets("shared out; ticket t of shared c; wr out[t];").status, KernelStatus::Drf);
  EXPECT_EQ(check_tickets("global out; ticket t of global c[0]; wr out[t];").status, KernelStatus::Drf);
  // The same protocol with a plain unknown races: the ticket is what proves it.
  KernelReport plain = check_tickets("shared out; local t; wr out[t];");
  ASSERT_EQ(plain.status, KernelStatus::Racy);
  EXPECT_EQ(testkit::first_witness(plain).at("t@1"), testkit::first_witness(plain).at("t@2"));
}

TEST(Tickets, SharedCountersRepeatAcrossBlocks) {
  // Each block has its own shared counter: a global array written at shared
  // tickets races between blocks, unless the grid is one block.
  KernelReport r = check_tickets("global out; ticket t of shared c; wr out[t];");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_EQ(w.at("t@1"), w.at("t@2"));
  EXPECT_NE(w.at("blockIdx.x@1"), w.at("blockIdx.x@2"));
  EXPECT_EQ(check_tickets("global out; assume gridDim.x == 1; ticket t of shared c; wr out[t];").status, KernelStatus::Drf);
}

TEST(Tickets, TicketsOfOtherCountersOrCellsAreUnrelated) {
  for (const char* other : {"ticket u of shared d;", "ticket u of global c;", "local u;"}) {
    KernelReport r = check_tickets(std::string("shared out; ticket t of shared c; ") + other +
                         " if (threadIdx.x == 0) { wr out[t]; } else { wr out[u]; }");
    ASSERT_EQ(r.status, KernelStatus::Racy) << other;
    auto w = testkit::first_witness(r);
    // One thread writes at its ticket t, the other at u: the same cell.
    bool first_zero = w.at("threadIdx.x@1") == 0;
    EXPECT_EQ(first_zero ? w.at("t@1") : w.at("u@1"), first_zero ? w.at("u@2") : w.at("t@2")) << other;
  }
  ASSERT_EQ(check_tickets("global out; ticket t of global c[0]; ticket u of global c[1]; "
                "if (threadIdx.x == 0) { wr out[t]; } else { wr out[u]; }")
                .status,
            KernelStatus::Racy);
}

TEST(Tickets, SeveralTicketsPerThreadAndTicketsInLoopsStayDistinct) {
  // Five draws in a row (GPUVerify's many_accesses), and one per iteration.
  EXPECT_EQ(check_tickets("global out; ticket a, b, c3, d, e of global c[0]; wr out[a]; wr out[b]; wr out[c3]; wr out[d]; "
                "wr out[e];")
                .status,
            KernelStatus::Drf);
  EXPECT_EQ(check_tickets("global out; uniform N; for i in 0..N { ticket t of global c[0]; wr out[t]; rd out[0]; }").status,
            KernelStatus::Racy);  // the read of out[0] races with a ticket write
  EXPECT_EQ(check_tickets("global out; uniform N; for i in 0..N { ticket t of global c[0]; wr out[t]; }").status,
            KernelStatus::Drf);
  // Drawn before a barrier, used after it, in a synchronized loop.
  EXPECT_EQ(check_tickets("shared out; uniform N; for i in 0..N { ticket t of shared c; sync; wr out[t]; sync; }").status,
            KernelStatus::Drf);
}

TEST(Tickets, NeighbouringSlotsStillRace) {
  // Tickets differ, but one thread's t + 1 may be another's t.
  KernelReport r = check_tickets("shared out; ticket t of shared c; wr out[t]; rd out[t + 1];");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_NE(w.at("t@1"), w.at("t@2"));
  EXPECT_EQ(std::abs(w.at("t@1") - w.at("t@2")), 1);
}

TEST(Tickets, AThreadThatDrawsNoTicketRaces) {
  // GPUVerify's predication: thread 13 writes out[12] without drawing.
  KernelReport r = check_tickets("shared out; if (threadIdx.x != 13) { ticket t of shared c; wr out[t]; } else { wr out[12]; }");
  ASSERT_EQ(r.status, KernelStatus::Racy);
  auto w = testkit::first_witness(r);
  EXPECT_TRUE(w.at("threadIdx.x@1") == 13 || w.at("threadIdx.x@2") == 13);
}

}  // namespace
