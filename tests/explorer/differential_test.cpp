// Randomised differential tests: the DPOR must visit exactly the executions
// the brute-force reference finds (no more, no fewer, none twice), and agree
// on blocked executions, divergence, races and the final condition.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "explorer/dpor.hpp"
#include "explorer/litmus_lower.hpp"
#include "explorer/litmus_parser.hpp"
#include "explorer/reference.hpp"
#include "random_litmus.hpp"
#include "tests/support/seed_sampling.hpp"

namespace racecert::explorer {
namespace {

using RaceKey = std::tuple<int, int, int, int, int, int>;
RaceKey race_key(const Race& r) {
  return {static_cast<int>(r.kind), r.location, r.first.thread, r.first.pc, r.second.thread, r.second.pc};
}

// Returns an empty string when the engine and the reference agree.
std::string compare(const std::string& text, int loop_bound) {
  Program p = litmus::lower(litmus::parse_litmus(text, "random")).program;
  std::set<std::string> complete, blocked;
  int duplicates = 0;
  ExploreOptions opts;
  opts.loop_bound = loop_bound;
  opts.on_final = [&](const Graph& g, bool done) {
    if (!(done ? complete : blocked).insert(g.key()).second) ++duplicates;
  };
  ExploreResult r = explore(p, opts);
  reference::ReferenceResult ref = reference::explore(p, loop_bound);
  if (ref.truncated) return "";  // too big for the reference: nothing to compare
  std::string err;
  if (duplicates) err += "duplicates: " + std::to_string(duplicates) + "\n";
  if (complete != ref.complete) {
    err += "complete executions: dpor " + std::to_string(complete.size()) + ", reference " +
           std::to_string(ref.complete.size()) + "\n";
    for (const auto& k : ref.complete)
      if (!complete.count(k)) err += "  missing: " + k + "\n";
    for (const auto& k : complete)
      if (!ref.complete.count(k)) err += "  extra:   " + k + "\n";
  }
  if (r.executions != complete.size() + 0 && duplicates == 0) err += "execution count mismatch\n";
  if (blocked != ref.blocked) {
    err += "blocked: dpor " + std::to_string(blocked.size()) + ", reference " + std::to_string(ref.blocked.size()) + "\n";
    for (const auto& k : ref.blocked)
      if (!blocked.count(k)) err += "  missing: " + k + "\n";
    for (const auto& k : blocked)
      if (!ref.blocked.count(k)) err += "  extra:   " + k + "\n";
  }
  if (r.divergent != ref.divergent) err += "divergent: dpor " + std::to_string(r.divergent) + ", reference " + std::to_string(ref.divergent) + "\n";
  if (r.satisfying != ref.satisfying) err += "satisfying: dpor " + std::to_string(r.satisfying) + ", reference " + std::to_string(ref.satisfying) + "\n";
  std::set<RaceKey> mine, theirs;
  for (const auto& x : r.races) mine.insert(race_key(x));
  for (const auto& x : ref.races) theirs.insert(race_key(x));
  if (mine != theirs) err += "races: dpor " + std::to_string(mine.size()) + ", reference " + std::to_string(theirs.size()) + "\n";
  return err;
}

void run_seeds(std::uint64_t first, int count, const testing::RandomShape& shape) {
  for (int i = 0; i < count; i += static_cast<int>(testkit::seed_stride())) {
    std::uint64_t seed = first + static_cast<std::uint64_t>(i);
    std::string text = testing::random_litmus(seed, shape);
    std::string err = compare(text, 2);
    ASSERT_EQ(err, "") << "seed " << seed << "\n" << text;
  }
}

TEST(ExplorerDifferential, PlainAccesses) {
  testing::RandomShape s;
  s.fences = s.rmws = s.barriers = s.branches = false;
  run_seeds(1000, 300, s);
}

TEST(ExplorerDifferential, WithRmws) {
  testing::RandomShape s;
  s.fences = s.barriers = s.branches = false;
  run_seeds(2000, 300, s);
}

TEST(ExplorerDifferential, WithFences) {
  testing::RandomShape s;
  s.rmws = s.barriers = s.branches = false;
  s.fence_weight = 6;
  run_seeds(3000, 400, s);
}

TEST(ExplorerDifferential, FenceSandwiches) {
  testing::RandomShape s;
  s.sandwich = true;
  run_seeds(3500, 400, s);
}

TEST(ExplorerDifferential, WithBranchesAndSpinLoops) {
  testing::RandomShape s;
  s.barriers = false;
  run_seeds(4000, 300, s);
}

TEST(ExplorerDifferential, Everything) {
  testing::RandomShape s;
  run_seeds(5000, 400, s);
}

TEST(ExplorerDifferential, FourThreads) {
  testing::RandomShape s;
  s.max_threads = 4;
  s.max_instructions = 3;
  run_seeds(6000, 150, s);
}

// Barrier instances in arrival order: counts 1-3 in CTAs of 1-4 threads, so
// instances are overfilled (the next arrivals open the next one), exactly
// filled or never complete; two ids; arrive-only arrivals.
TEST(ExplorerDifferential, CountedBarriers) {
  testing::RandomShape s;
  s.counted_barriers = true;
  s.max_threads = 4;
  s.max_instructions = 3;
  s.fence_weight = 1;
  run_seeds(7000, 300, s);
}

// Barriers without a count (Dat3M's reading): ids 0-2 used by subsets of the
// threads, twice by one thread, or only behind a branch on a value read, in
// CTAs of 1-4 threads: the instance completes when no other thread of the
// CTA may still arrive; cycles of waiting deadlock.
TEST(ExplorerDifferential, CountlessBarriersOfSubsets) {
  testing::RandomShape s;
  s.countless_ids = 3;
  s.max_threads = 4;
  s.max_instructions = 3;
  s.fence_weight = 1;
  run_seeds(8000, 300, s);
}

// The random shapes rarely build it: a backward revisit that would make a
// thread arrive at a countless instance after its departure (no execution
// in either engine).
TEST(ExplorerDifferential, CountlessLateArrivalAfterARevisit) {
  const std::string text = R"(PTX late
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0       | P2@cta 0,gpu 0 ;
 bar.cta.sync 0      | ld.relaxed.cta r0, x | bar.cta.sync 1 ;
 st.relaxed.cta x, 1 | beq r0, 0, L         | st.weak y, 1   ;
 ld.weak r1, y       | bar.cta.sync 0       |                ;
                     | L:                   |                ;
exists (x == 1 /\ P0:r0 == 0)
)";
  EXPECT_EQ(compare(text, 2), "");
}

TEST(ExplorerDifferential, CountlessBarriersWithSpinLoops) {
  testing::RandomShape s;
  s.countless_ids = 2;
  run_seeds(8500, 200, s);
}

TEST(ExplorerDifferential, CountedBarriersWithSpinLoops) {
  testing::RandomShape s;
  s.counted_barriers = true;
  run_seeds(7500, 200, s);
}

}  // namespace
}  // namespace racecert::explorer
