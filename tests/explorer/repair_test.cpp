// --repair: the changes each race rule makes, and that the result is race-free.
#include <gtest/gtest.h>

#include "explorer/litmus_parser.hpp"
#include "explorer/litmus_printer.hpp"
#include "explorer/litmus_repair.hpp"
#include "explorer/repair.hpp"

namespace racecert::explorer::litmus {
namespace {

RepairOutcome repair_dataset(const std::string& name) {
  return repair(parse_litmus_file(std::string(RACECERT_SOURCE_DIR) + "/datasets/litmus/" + name + ".litmus"), {});
}

std::vector<std::string> changes(const RepairOutcome& o) {
  std::vector<std::string> out;
  for (const auto& c : o.changes) out.push_back(c.thread + ": " + c.before + " -> " + c.after);
  return out;
}

TEST(ExplorerRepair, WidensScopesAndMakesWeakAccessesRelaxed) {
  // The SEG variant of the paper, across CTAs: x's cta-scope accesses race
  // heterogeneously (widened to gpu), y's weak accesses race (made relaxed at
  // the smallest common scope, gpu).
  RepairOutcome o = repair_dataset("SEG+diff-cta");
  EXPECT_EQ(o.original.races.size(), 2u);
  EXPECT_TRUE(o.race_free);
  EXPECT_EQ(o.rounds, 1);
  EXPECT_EQ(changes(o), (std::vector<std::string>{
                            "P0: st.release.cta x, 1 -> st.release.gpu x, 1",
                            "P1: ld.weak r0, y -> ld.relaxed.gpu r0, y",
                            "P0: st.weak y, 1 -> st.relaxed.gpu y, 1",
                            "P1: ld.acquire.cta r1, x -> ld.acquire.gpu r1, x",
                        }));
  EXPECT_TRUE(o.result.races.empty());
  // The repaired test is printed back and means what was explored.
  litmus::Test again = parse_litmus(print_test(o.repaired));
  EXPECT_EQ(print_test(again), print_test(o.repaired));
}

TEST(ExplorerRepair, AWeakAccessTakesTheOtherAccessesScope) {
  litmus::Test t = parse_litmus(R"(PTX wide
{ y=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0  ;
 st.release.sys y, 1  | ld.weak r0, y   ;
exists (P1:r0 == 1)
)");
  RepairOutcome o = repair(t, {});
  EXPECT_EQ(changes(o), (std::vector<std::string>{"P1: ld.weak r0, y -> ld.relaxed.sys r0, y"}));
  EXPECT_TRUE(o.race_free);
}

TEST(ExplorerRepair, FixesTheTableOneVariantsDataRaces) {
  for (const char* name : {"caslock1", "caslock2", "ticketlock1", "ttaslock2", "XF-Barrier1"}) {
    RepairOutcome o = repair_dataset(name);
    EXPECT_FALSE(o.original.races.empty()) << name;
    EXPECT_TRUE(o.race_free) << name;
    EXPECT_TRUE(o.result.races.empty()) << name;
    EXPECT_FALSE(o.changes.empty()) << name;
    for (const auto& c : o.changes) EXPECT_EQ(c.before.rfind("ld.weak", 0) == 0 || c.before.rfind("st.weak", 0) == 0, true) << c.before;
  }
}

TEST(ExplorerRepair, LeavesRaceFreeTestsAlone) {
  RepairOutcome o = repair_dataset("MP+relaxed-data");
  EXPECT_TRUE(o.changes.empty());
  EXPECT_EQ(o.rounds, 0);
  EXPECT_TRUE(o.race_free);
}

TEST(ExplorerRepair, HeterogeneousRacesOnlyWiden) {
  RepairOutcome o = repair_dataset("MP+mixed-scope");
  EXPECT_EQ(changes(o), (std::vector<std::string>{"P1: ld.acquire.cta r0, y -> ld.acquire.gpu r0, y",
                                                   "P1: ld.relaxed.cta r1, x -> ld.relaxed.gpu r1, x"}));
  EXPECT_TRUE(o.race_free);
  // Widening made the flag synchronise: the weak outcome is gone.
  EXPECT_FALSE(o.result.condition_holds(Quantifier::Exists));
}

}  // namespace
}  // namespace racecert::explorer::litmus
