// The oracle on the paper's idioms (Figs. 2, 3, 8, 9; Table 3): all 11
// verdicts, LTS sizes, witnesses, occupancy bounds and limits.
#include <gtest/gtest.h>

#include <random>

#include "progress/oracle.hpp"
#include "progress/parser.hpp"
#include "progress/printer.hpp"
#include "random_programs.hpp"
#include "reference.hpp"
#include "support/diagnostic.hpp"
#include "test_util.hpp"

namespace racecert::progress {
namespace {

Program dataset(const std::string& name) { return load_program(testing::dataset_dir() + "/" + name); }

TEST(ProgressOracle, IdiomVerdictsAndTable3Counts) {
  const auto files = testing::dataset_files();
  ASSERT_GE(files.size(), 14u);
  for (const std::string& f : files) {
    const std::string text = testing::slurp(f);
    const auto expected = testing::parse_expectations(testing::comment_field(text, "expect"));
    Checker checker(parse_program(text, f));
    const auto verdicts = checker.check_all();
    ASSERT_EQ(verdicts.size(), 11u);
    for (std::size_t i = 0; i < 11; ++i) {
      ASSERT_NE(expected[i], -1) << f << ": no expectation for " << spec_name(verdicts[i].spec);
      EXPECT_EQ(verdicts[i].terminates, expected[i] == 1) << f << " " << spec_name(verdicts[i].spec);
    }
    const LtsCounts lts = checker.lts_counts();
    EXPECT_EQ("states=" + std::to_string(lts.states) + " actions=" + std::to_string(lts.actions),
              testing::comment_field(text, "lts"))
        << f;
  }
}

// Table 3 of the paper, literally.
TEST(ProgressOracle, Table3StateAndActionCounts) {
  struct Row {
    const char* file;
    std::size_t actions, states;
  };
  for (const Row& r : {Row{"prodcons_increasing.test", 3, 3}, Row{"prodcons_decreasing.test", 3, 3},
                       Row{"bidirectional_prodcons.test", 7, 5}, Row{"simplified_mutex.test", 7, 6},
                       Row{"dining_philosophers.test", 8, 8}, Row{"exchange_mutex.axb", 10, 8}}) {
    Checker c(dataset(r.file));
    EXPECT_EQ(c.lts_counts().actions, r.actions) << r.file;
    EXPECT_EQ(c.lts_counts().states, r.states) << r.file;
  }
}

// §4.2 / Fig. 6(a): under HSA, T1 takes the mutex and T0 spins with F = {0}.
TEST(ProgressOracle, MutexHsaWitnessIsTheStarvationCycle) {
  Checker c(dataset("exchange_mutex.axb"));
  const Verdict v = c.check({Model::Hsa, Fairness::Weak, 0});
  ASSERT_FALSE(v.terminates);
  ASSERT_TRUE(v.witness);
  ASSERT_EQ(v.witness->prefix.size(), 1u);
  EXPECT_EQ(v.witness->prefix[0].thread, 1u);  // T1 acquires
  EXPECT_EQ(v.witness->prefix[0].fair, 0b01u);
  ASSERT_EQ(v.witness->cycle.size(), 1u);
  EXPECT_EQ(v.witness->cycle[0].thread, 0u);  // T0 spins on the held mutex
  EXPECT_EQ(v.witness->cycle[0].pc, 0u);
  EXPECT_EQ(v.witness->cycle[0].fair, 0b01u);
  EXPECT_EQ(v.witness->cycle[0].from, v.witness->cycle[0].to);
  const DecodedState s = v.graph->decode(v.witness->cycle[0].from);
  EXPECT_EQ(s.pcs, (std::vector<std::uint32_t>{0, 1}));
  EXPECT_EQ(s.mem, (std::vector<Value>{1}));
}

// §2.2 / Fig. 6(c): the dining philosophers livelock needs both threads in
// the cycle, with F = {0, 1} under weak FAIR.
TEST(ProgressOracle, DiningPhilosophersLivelockWitness) {
  Checker c(dataset("dining_philosophers.test"));
  const Verdict v = c.check({Model::Fair, Fairness::Weak, 0});
  ASSERT_FALSE(v.terminates);
  ASSERT_TRUE(v.witness);
  ASSERT_EQ(v.witness->cycle.size(), 2u);
  EXPECT_NE(v.witness->cycle[0].thread, v.witness->cycle[1].thread);
  for (const auto& st : v.witness->cycle) EXPECT_EQ(st.fair, 0b11u);
  EXPECT_EQ(reference::validate_lasso(c.program(), v.spec, *v.witness), "");
  EXPECT_TRUE(c.check({Model::Fair, Fairness::Strong, 0}).terminates);
}

TEST(ProgressOracle, OccupancyBound) {
  // One resident workgroup serializes the threads: the livelock disappears.
  Checker dp(dataset("dining_philosophers.test"));
  EXPECT_FALSE(dp.check({Model::Obe, Fairness::Weak, 0}).terminates);
  EXPECT_TRUE(dp.check({Model::Obe, Fairness::Weak, 1}).terminates);
  EXPECT_FALSE(dp.check({Model::Obe, Fairness::Weak, 2}).terminates);
  // LOBE promises thread 0 to a started thread 1, but with one slot held by
  // the spinning thread 1, thread 0 can never become resident.
  Checker pc(dataset("prodcons_increasing.test"));
  EXPECT_TRUE(pc.check({Model::Lobe, Fairness::Weak, 0}).terminates);
  const Verdict v = pc.check({Model::Lobe, Fairness::Weak, 1});
  EXPECT_FALSE(v.terminates);
  ASSERT_TRUE(v.witness);
  EXPECT_EQ(v.witness->cycle[0].fair, 0b10u);  // thread 0 cannot run, so it is not in F
  EXPECT_EQ(reference::validate_lasso(pc.program(), v.spec, *v.witness), "");
  EXPECT_TRUE(pc.check({Model::Lobe, Fairness::Weak, 2}).terminates);
  // The mutex needs no more than one slot under OBE.
  Checker mutex(dataset("exchange_mutex.axb"));
  for (unsigned o : {1u, 2u}) EXPECT_TRUE(mutex.check({Model::Obe, Fairness::Weak, o}).terminates);
}

TEST(ProgressOracle, OccupancyAtLeastThreadsIsUnbounded) {
  std::mt19937 rng(5);
  for (int i = 0; i < 300; ++i) {
    const Program p = testing::random_program(rng);
    Checker c(p);
    for (Model m : {Model::Obe, Model::Lobe})
      for (Fairness f : {Fairness::Weak, Fairness::Strong})
        EXPECT_EQ(c.check({m, f, 0}).terminates,
                  c.check({m, f, static_cast<unsigned>(p.thread_count())}).terminates)
            << print_suite(p);
  }
}

TEST(ProgressOracle, EmptyThreadsAndTrivialPrograms) {
  // A thread without instructions is terminated from the start: HSA's F is
  // then the next thread.
  Checker c(parse_program("THREAD 0\nTHREAD 1\n0: if (Mem[0] == 0) goto 0;\nTHREAD 2\n0: Mem[0] = 1;\n", "t"));
  EXPECT_FALSE(c.check({Model::Hsa, Fairness::Weak, 0}).terminates);  // T1 spins, T2 unfair
  EXPECT_TRUE(c.check({Model::Fair, Fairness::Weak, 0}).terminates);
  Checker straight(parse_program("THREAD 0\n0: Mem[0] = 1;\n", "t"));
  for (const auto& v : straight.check_all()) EXPECT_TRUE(v.terminates);
  // A thread alone in a loop it cannot leave never terminates, even under FAIR.
  Checker stuck(parse_program("THREAD 0\n0: if (Mem[0] == 0) goto 0;\n", "t"));
  for (const auto& v : stuck.check_all()) EXPECT_FALSE(v.terminates);
}

TEST(ProgressOracle, LimitsAreInconclusive) {
  // 32 threads of 2 instructions: pcs and started set overflow 64 bits.
  std::string big;
  for (int t = 0; t < 32; ++t) big += "THREAD " + std::to_string(t) + "\n0: Mem[0] = 1;\n1: Mem[0] = 0;\n";
  Checker c(parse_program(big, "big"));
  try {
    c.check({Model::Obe, Fairness::Weak, 0});
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitInconclusive);
  }
  CheckOptions small;
  small.max_states = 5;
  Checker limited(dataset("exchange_mutex.axb"), small);
  try {
    limited.check({Model::Fair, Fairness::Weak, 0});
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), kExitInconclusive);
    EXPECT_EQ(std::string(e.what()), "state space exceeds 5 states");
  }
}

}  // namespace
}  // namespace racecert::progress
