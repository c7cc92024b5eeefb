// The schedule simulator and the scalable happens-before (barrier dependence
// graph, earliest-after / latest-before points), checked on the paper's
// working example and, pair by pair, against the explicit closure of Fig. 4.
#include <gtest/gtest.h>

#include <random>

#include "barriers/dependence_graph.hpp"
#include "barriers/direct_check.hpp"
#include "barriers/printer.hpp"
#include "random_programs.hpp"
#include "test_util.hpp"

namespace racecert::barriers {
namespace {

using testing::load;
using testing::parse_one;

std::vector<std::uint32_t> generations(const Schedule& s, std::uint32_t unit) {
  std::vector<std::uint32_t> out;
  for (const BarrierRef& b : s.barrier_cmds[unit]) out.push_back(s.gens[b.gen].number);
  return out;
}

TEST(Simulator, Figure3Generations) {
  Program p = load("fig3-working-example.bar");
  Schedule s = simulate(p);
  ASSERT_FALSE(s.violation);
  // The numbers in parentheses in Figure 3.
  EXPECT_EQ(generations(s, 0), (std::vector<std::uint32_t>{1, 1, 2, 2}));
  EXPECT_EQ(generations(s, 1), (std::vector<std::uint32_t>{1, 1, 2, 2}));
  ASSERT_EQ(s.gens.size(), 4u);  // the four nodes n1..n4 of Sec. 5.2
  for (const Generation& g : s.gens) {
    EXPECT_EQ(g.registered, 64u);
    EXPECT_NE(g.completed_at, kNeverCompleted);
  }
  EXPECT_EQ(s.gen_of(CmdRef{0, 2}), s.gen_of(CmdRef{1, 1}));  // n2: c3^P and c2^Q
  EXPECT_EQ(s.gen_of(CmdRef{0, 4}), s.gen_of(CmdRef{1, 5}));  // n4: c5^P and c6^Q
  EXPECT_EQ(s.gen_of(CmdRef{0, 1}), kNone);                   // a write has none
}

TEST(Simulator, Listing1Deadlock) {
  Schedule s = simulate(load("listing1-deadlock.bar"));
  ASSERT_TRUE(s.violation);
  EXPECT_EQ(s.violation->kind, SyncViolation::Kind::Deadlock);
  ASSERT_EQ(s.violation->waits.size(), 2u);
  EXPECT_EQ(s.violation->waits[0].at, (CmdRef{0, 0}));
  EXPECT_EQ(s.violation->waits[0].barrier, 0u);
  EXPECT_EQ(s.violation->waits[1].at, (CmdRef{1, 0}));
  EXPECT_EQ(s.violation->waits[1].barrier, 1u);
  for (const auto& w : s.violation->waits) {
    EXPECT_EQ(w.generation, 1u);
    EXPECT_EQ(w.registered, 32u);
    EXPECT_EQ(w.count, 64u);
  }
}

TEST(Simulator, TooManyThreadsAndIncompleteGenerations) {
  // A 32-thread warp cannot register on a generation expecting 16 threads.
  Schedule s = simulate(parse_one("kernel k block 32 { warp 0 { sync 0 16 } }"));
  ASSERT_TRUE(s.violation);
  EXPECT_EQ(s.violation->kind, SyncViolation::Kind::Overflow);
  // Arrives that never complete are not a violation: the block exits.
  s = simulate(parse_one("kernel k block 64 { warp 0 { arrive 3 64 } warp 1 { read x } }"));
  EXPECT_FALSE(s.violation);
  ASSERT_EQ(s.gens.size(), 1u);
  EXPECT_EQ(s.gens[0].completed_at, kNeverCompleted);
  EXPECT_EQ(s.gens[0].registered, 32u);
}

TEST(BarrierGraph, Figure3Intervals) {
  Program p = load("fig3-working-example.bar");
  Schedule s = simulate(p);
  BarrierGraph g(p, s);
  EXPECT_EQ(g.num_nodes(), 4u);
  // Sec. 5.2: the write c2^P (command 1 of warp 0) has the barrier interval
  // (c1^Q, c3^Q) in Q. Our points are commands, not program points: c2^Q (a
  // sync, timed at its completion) already happens after the write, so the
  // earliest command after it is c2^Q; only barrier commands lie between the
  // two conventions, and barrier commands never race.
  auto pt = g.locate(0, 1);
  EXPECT_EQ(g.latest_before(pt, 1), 0);
  EXPECT_EQ(g.earliest_after(pt, 1), 1u);
  EXPECT_FALSE(g.happens_before({0, 1}, {1, 0}, false));
  EXPECT_TRUE(g.happens_before({0, 1}, {1, 2}, false));  // the read c3^Q
  // The read c3^Q lies in (c2^P, c4^P): after P's write, before P's second sync.
  pt = g.locate(1, 2);
  EXPECT_EQ(g.latest_before(pt, 0), 2);   // P's arrive (c3^P) reaches Q's sync 1
  EXPECT_EQ(g.earliest_after(pt, 0), 3u);  // P's sync 0, generation 2
  // Before any barrier / after the last one.
  Program q = parse_one("kernel k block 64 { warp 0 { read x; sync 0 64; read x } warp 1 { sync 0 64 } }");
  Schedule sq = simulate(q);
  BarrierGraph gq(q, sq);
  EXPECT_EQ(gq.latest_before(gq.locate(0, 0), 1), -1);
  EXPECT_EQ(gq.earliest_after(gq.locate(0, 0), 1), 0u);
  EXPECT_EQ(gq.earliest_after(gq.locate(0, 2), 1), kInfinity);
  EXPECT_EQ(gq.latest_before(gq.locate(0, 2), 1), 0);
}

// Every pair of commands of different threads: the constant-time tests agree
// with the transitive closure.
void compare_with_closure(const Program& p, int& pairs) {
  Schedule s = simulate(p);
  if (s.violation) return;
  BarrierGraph g(p, s);
  ExplicitHappensBefore r(p, s);
  auto threads = [&](std::uint32_t u) {
    const Unit& x = p.units[u];
    std::vector<std::uint32_t> t{x.first_thread};
    if (x.num_threads > 1 && !p.lockstep) t.push_back(x.first_thread + 1);
    return t;
  };
  for (std::uint32_t u = 0; u < p.units.size(); ++u) {
    auto all_points = g.locate_all(u);  // the sweep agrees with the binary search
    for (std::uint32_t i = 0; i < p.units[u].cmds.size(); ++i) {
      ASSERT_EQ(all_points[i].after_row, g.locate(u, i).after_row);
      ASSERT_EQ(all_points[i].before_row, g.locate(u, i).before_row);
    }
  }
  for (std::uint32_t u = 0; u < p.units.size(); ++u)
    for (std::uint32_t i = 0; i < p.units[u].cmds.size(); ++i)
      for (std::uint32_t v = 0; v < p.units.size(); ++v) {
        auto pt = g.locate(u, i);
        std::uint32_t t = p.units[u].first_thread;
        for (std::uint32_t t2 : threads(v)) {
          if (t2 == t) continue;  // same thread: program order
          std::uint32_t earliest = kInfinity;
          std::int64_t latest = -1;
          for (std::uint32_t j = 0; j < p.units[v].cmds.size(); ++j) {
            bool ab = r.holds({u, i}, t, {v, j}, t2), ba = r.holds({v, j}, t2, {u, i}, t);
            ASSERT_EQ(g.happens_before({u, i}, {v, j}, false), ab) << u << ":" << i << " -> " << v << ":" << j;
            if (ab && earliest == kInfinity) earliest = j;
            if (ba) latest = j;
            ++pairs;
          }
          ASSERT_EQ(g.earliest_after(pt, v), earliest) << "from " << u << ":" << i << " into " << v;
          // The latest point before a sync also includes its own generation;
          // locate() describes the program point just before the command.
          if (p.units[u].cmds[i].op != Op::Sync) {
            ASSERT_EQ(g.latest_before(pt, v), latest) << "into " << u << ":" << i << " from " << v;
          }
        }
        for (std::uint32_t j = 0; j < p.units[v].cmds.size(); ++j) {
          bool all = true;
          for (std::uint32_t t1 : threads(u))
            for (std::uint32_t t2 : threads(v)) all = all && r.holds({u, i}, t1, {v, j}, t2);
          ASSERT_EQ(g.happens_before_all_threads({u, i}, {v, j}), all) << u << ":" << i << " => " << v << ":" << j;
        }
      }
}

TEST(BarrierGraph, MatchesTransitiveClosureOnRandomPrograms) {
  int pairs = 0, programs = 0;
  for (bool lockstep : {false, true}) {
    std::mt19937_64 rng(lockstep ? 11 : 12);
    testing::RandomShape shape;
    shape.lockstep = lockstep;
    shape.max_units = 4;
    shape.max_threads = 6;
    shape.max_events = 6;
    for (int k = 0; k < 1500; ++k) {
      Program p = testing::random_program(rng, shape);
      SCOPED_TRACE(print(p));
      compare_with_closure(p, pairs);
      ++programs;
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  std::printf("compared %d command pairs in %d programs\n", pairs, programs);
  EXPECT_GT(pairs, 100000);
}

}  // namespace
}  // namespace racecert::barriers
