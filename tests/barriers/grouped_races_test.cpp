// Differential test of the grouped race check (races.cpp) against issue 6's
// per-thread expansion (races_per_thread.cpp) on random well-synchronized
// programs whose units span warps (so affine accesses are split per warp),
// with uniform, affine (tid, lane, warp) and table addresses, widths up to
// 8, stored values (benign pairs) with and without --benign-races, and in
// lockstep mode. They must find the same racing command pairs; the grouped
// check must give the same witnesses whether it groups or splits every
// access per thread (its documented choice: smallest thread pair, smallest
// common address), and every witness of both must be a real collision.
// The brute force cannot run units of 40 threads; differential_test.cpp
// compares the grouped check with it on small programs of the same kinds.
#include <gtest/gtest.h>

#include <random>
#include <tuple>

#include "barriers/dependence_graph.hpp"
#include "barriers/printer.hpp"
#include "barriers/races.hpp"
#include "barriers/simulator.hpp"
#include "barriers/wellsync.hpp"
#include "random_programs.hpp"

namespace racecert::barriers {
namespace {

// A witness collides: two threads of the two commands, different, whose
// ranges contain the address, and not a benign same-value pair.
void expect_real(const Program& p, const Race& r, bool benign_writes_race) {
  const Unit& ua = p.units[r.first.at.unit];
  const Unit& ub = p.units[r.second.at.unit];
  const Command& ca = ua.cmds[r.first.at.cmd];
  const Command& cb = ub.cmds[r.second.at.cmd];
  EXPECT_NE(r.first.thread, r.second.thread);
  EXPECT_TRUE(ua.first_thread <= r.first.thread && r.first.thread <= ua.last_thread());
  EXPECT_TRUE(ub.first_thread <= r.second.thread && r.second.thread <= ub.last_thread());
  std::int64_t a = p.address(ca, ua, r.first.thread), b = p.address(cb, ub, r.second.thread);
  EXPECT_TRUE(a <= r.address && r.address < a + p.width(ca));
  EXPECT_TRUE(b <= r.address && r.address < b + p.width(cb));
  EXPECT_EQ(r.var, ca.arg);
  EXPECT_EQ(r.var, cb.arg);
  EXPECT_TRUE(ca.op == Op::Write || cb.op == Op::Write);
  if (!benign_writes_race) {
    EXPECT_FALSE(p.same_value_writes(r.first.at.unit, r.first.at.cmd, r.first.thread, r.second.at.unit,
                                     r.second.at.cmd, r.second.thread));
  }
}

std::vector<std::pair<CmdRef, CmdRef>> pairs_of(const RaceResult& r) {
  std::vector<std::pair<CmdRef, CmdRef>> out;
  for (const Race& x : r.witnesses) out.emplace_back(x.first.at, x.second.at);
  std::sort(out.begin(), out.end());
  return out;
}

struct GroupTally {
  int checked = 0, racy = 0, race_free = 0, benign_only = 0, split = 0;
};

void run(std::uint64_t seed, int programs, const testing::RandomShape& shape, GroupTally& t) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < programs; ++i) {
    Program p = testing::random_program(rng, shape);
    Schedule s = simulate(p);
    if (s.violation) continue;
    BarrierGraph g(p, s);
    if (check_recycling(p, s, g)) continue;
    ++t.checked;
    bool racy_with_benign = false, racy_without = false;
    for (bool benign : {false, true}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " program " + std::to_string(i) +
                   (benign ? " (--benign-races)" : "") + "\n" + print(p));
      RaceOptions o;
      o.max_witnesses = ~std::size_t{0};
      o.max_pairs = ~std::uint64_t{0};
      o.benign_writes_race = benign;
      RaceResult grouped = find_races(p, g, o);
      RaceResult reference = find_races_per_thread(p, g, o);
      o.group_affine = false;
      RaceResult split = find_races(p, g, o);
      EXPECT_EQ(pairs_of(grouped), pairs_of(reference));
      EXPECT_EQ(grouped.racing_pairs, reference.racing_pairs);
      EXPECT_EQ(grouped.thread_accesses, reference.thread_accesses);
      ASSERT_EQ(grouped.witnesses.size(), split.witnesses.size());
      for (std::size_t k = 0; k < grouped.witnesses.size(); ++k) {
        const Race& a = grouped.witnesses[k];
        const Race& b = split.witnesses[k];
        EXPECT_EQ(std::tie(a.first.at, a.first.thread, a.second.at, a.second.thread, a.var, a.address),
                  std::tie(b.first.at, b.first.thread, b.second.at, b.second.thread, b.var, b.address));
        expect_real(p, a, benign);
      }
      for (const Race& r : reference.witnesses) expect_real(p, r, benign);
      if (!benign && grouped.group_accesses < split.group_accesses) ++t.split;
      (benign ? racy_with_benign : racy_without) = grouped.racing_pairs > 0;
      if (::testing::Test::HasFailure()) return;
    }
    if (racy_without) ++t.racy;
    else if (racy_with_benign) ++t.benign_only;
    else ++t.race_free;
  }
}

void expect_group_coverage(const GroupTally& t, int programs) {
  std::printf("checked %d random programs: %d race-free, %d racy, %d racy only with --benign-races; "
              "%d grouped some access\n", t.checked, t.race_free, t.racy, t.benign_only, t.split);
  EXPECT_GE(t.checked, programs / 3);
  EXPECT_GE(t.race_free, programs / 25);
  EXPECT_GE(t.racy, programs / 20);
  EXPECT_GE(t.benign_only, programs / 100);
  EXPECT_GE(t.split, t.checked / 2);
}

testing::RandomShape wide_shape(bool lockstep) {
  testing::RandomShape s;
  s.lockstep = lockstep;
  s.max_units = 4;
  s.max_lanes = 70;  // units span up to three warps
  s.max_threads = 200;
  s.max_events = 4;
  s.values = true;
  s.rich_addresses = true;
  return s;
}

TEST(GroupedRaces, SameRacesAsPerThread) {
  GroupTally t;
  run(16, 1000, wide_shape(false), t);
  expect_group_coverage(t, 1000);
}

TEST(GroupedRaces, SameRacesAsPerThreadLockstep) {
  GroupTally t;
  run(17, 1000, wide_shape(true), t);
  expect_group_coverage(t, 1000);
}

}  // namespace
}  // namespace racecert::barriers
