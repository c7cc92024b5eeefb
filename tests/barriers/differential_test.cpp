// Differential test: on thousands of seeded random programs, the scalable
// algorithm (analyze), the paper's direct form with the fixes (check_direct)
// and the brute-force reference (every interleaving) agree on the outcome
// and, for racy programs, on the exact set of racing command pairs.
#include <gtest/gtest.h>

#include <random>

#include "barriers/analysis.hpp"
#include "barriers/direct_check.hpp"
#include "barriers/printer.hpp"
#include "barriers/reference.hpp"
#include "random_programs.hpp"

namespace racecert::barriers {
namespace {

struct Tally {
  int checked = 0, skipped = 0, race_free = 0, racy = 0, not_well_synced = 0;
  int printed_wrong = 0;  // the printed (unfixed) algorithm disagrees with the reference
};

Verdict scalable(const Program& p, bool benign_writes_race) {
  AnalysisOptions o;
  o.max_races = ~std::size_t{0};
  o.max_racing_pairs = ~std::uint64_t{0};
  o.benign_writes_race = benign_writes_race;
  return analyze(p, o).verdict;
}

// benign_writes_race: same-value writes race (--benign-races) or not.
Tally run(std::uint64_t seed, int programs, const testing::RandomShape& shape, bool benign_writes_race = false) {
  std::mt19937_64 rng(seed);
  Tally t;
  for (int i = 0; i < programs; ++i) {
    Program p = testing::random_program(rng, shape);
    ReferenceOptions ro;
    ro.benign_writes_race = benign_writes_race;
    std::optional<Verdict> ref = check_brute_force(p, ro);
    if (!ref) {
      ++t.skipped;
      continue;
    }
    ++t.checked;
    Verdict fast = scalable(p, benign_writes_race);
    DirectOptions direct_options;
    direct_options.benign_writes_race = benign_writes_race;
    Verdict direct = check_direct(p, direct_options);
    SCOPED_TRACE("seed " + std::to_string(seed) + " program " + std::to_string(i) +
                 (benign_writes_race ? " (--benign-races)" : "") + "\n" + print(p));
    EXPECT_EQ(to_string(fast.outcome), std::string(to_string(ref->outcome)));
    EXPECT_EQ(to_string(direct.outcome), std::string(to_string(ref->outcome)));
    if (ref->outcome == Outcome::Racy) {
      EXPECT_EQ(fast.pairs(), ref->pairs());
      EXPECT_EQ(direct.pairs(), ref->pairs());
    }
    if (::testing::Test::HasFailure()) return t;  // one dump is enough
    DirectOptions printed = direct_options;
    printed.printed_algorithm = true;
    Verdict old = check_direct(p, printed);
    if (old.outcome != ref->outcome) ++t.printed_wrong;
    switch (ref->outcome) {
      case Outcome::RaceFree: ++t.race_free; break;
      case Outcome::Racy: ++t.racy; break;
      default: ++t.not_well_synced; break;
    }
  }
  return t;
}

void expect_coverage(const Tally& t, int programs) {
  ::testing::Test::RecordProperty("checked", t.checked);
  std::printf("checked %d random programs (%d skipped): %d race-free, %d racy, %d not well-synchronized; "
              "the printed algorithm is wrong on %d\n",
              t.checked, t.skipped, t.race_free, t.racy, t.not_well_synced, t.printed_wrong);
  // The generator must exercise every outcome, or the comparison proves little.
  EXPECT_GE(t.checked, programs * 95 / 100);
  EXPECT_GE(t.race_free, programs / 10);
  EXPECT_GE(t.racy, programs / 10);
  EXPECT_GE(t.not_well_synced, programs / 10);
}

TEST(Differential, IndependentThreadsStructured) {
  testing::RandomShape s;
  Tally t = run(1, 2500, s);
  expect_coverage(t, 2500);
  EXPECT_GT(t.printed_wrong, 0);  // the two gaps show up on random programs
}

TEST(Differential, LockstepStructured) {
  testing::RandomShape s;
  s.lockstep = true;
  s.max_lanes = 3;
  s.max_threads = 6;
  expect_coverage(run(2, 1500, s), 1500);
}

// Writes store random values (some equal): the three checks agree with and
// without --benign-races, and the option changes some verdicts.
TEST(Differential, StoredValues) {
  testing::RandomShape s;
  s.values = true;
  Tally harmful_only = run(5, 1500, s);
  expect_coverage(harmful_only, 1500);
  Tally all = run(5, 1500, s, true);  // the same programs
  expect_coverage(all, 1500);
  EXPECT_GT(all.racy, harmful_only.racy);
  s.lockstep = true;
  s.max_lanes = 3;
  s.max_threads = 6;
  harmful_only = run(6, 800, s);
  all = run(6, 800, s, true);
  EXPECT_GE(harmful_only.checked, 760);
  EXPECT_GT(all.racy, harmful_only.racy);
}

// Tables, lane and warp terms and widths up to 8 (the grouped race check
// groups the affine ones and splits the tables per thread), with values.
TEST(Differential, RichAddresses) {
  testing::RandomShape s;
  s.values = true;
  s.rich_addresses = true;
  expect_coverage(run(7, 1000, s), 1000);
  expect_coverage(run(7, 1000, s, true), 1000);
  s.lockstep = true;
  s.max_lanes = 3;
  s.max_threads = 6;
  expect_coverage(run(8, 600, s), 600);
}

TEST(Differential, FreeSequences) {
  testing::RandomShape s;
  s.structured = false;
  Tally t = run(3, 1000, s);
  EXPECT_GE(t.checked, 950);
  EXPECT_GE(t.not_well_synced, 100);
  s.lockstep = true;
  t = run(4, 500, s);
  EXPECT_GE(t.checked, 475);
}

}  // namespace
}  // namespace racecert::barriers
