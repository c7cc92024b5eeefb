// Randomized differential tests of the oracle against the brute-force
// references (reference.hpp), over every model and occupancy bound. Seeded
// and reproducible: a failure prints the program.
#include <gtest/gtest.h>

#include "progress/printer.hpp"
#include "random_programs.hpp"
#include "reference.hpp"

namespace racecert::progress {
namespace {

std::vector<ModelSpec> specs_with_occupancy() {
  std::vector<ModelSpec> specs = all_models();
  for (unsigned o : {1u, 2u})
    for (Model m : {Model::Obe, Model::Lobe})
      for (Fairness f : {Fairness::Weak, Fairness::Strong}) specs.push_back({m, f, o});
  return specs;
}

TEST(ProgressDifferential, OracleAgreesWithCadpReferenceAndWitnessesReplay) {
  std::mt19937 rng(20240501);
  const auto specs = specs_with_occupancy();
  int non_terminating = 0, terminating = 0;
  for (int round = 0; round < 1500; ++round) {
    const Program p = testing::random_program(rng);
    Checker checker(p);
    for (const ModelSpec& spec : specs) {
      const Verdict v = checker.check(spec);
      const bool expected = reference::cadp_terminates(p, spec);
      ASSERT_EQ(v.terminates, expected) << "round " << round << " " << spec_name(spec) << "\n" << print_suite(p);
      if (v.terminates) {
        ++terminating;
        EXPECT_FALSE(v.witness.has_value());
      } else {
        ++non_terminating;
        ASSERT_TRUE(v.witness.has_value());
        const std::string err = reference::validate_lasso(p, spec, *v.witness);
        ASSERT_EQ(err, "") << "round " << round << " " << spec_name(spec) << "\n" << print_suite(p);
      }
    }
  }
  // Both outcomes must be well represented, or the test proves little.
  EXPECT_GT(terminating, 5000);
  EXPECT_GT(non_terminating, 5000);
}

TEST(ProgressDifferential, StrongDecisionAgreesWithSccRefinement) {
  std::mt19937 rng(77);
  int disagreements = 0, fails = 0;
  for (int round = 0; round < 1500; ++round) {
    const Program p = testing::random_program(rng, {3, 4, 2, 2});
    Checker checker(p);
    for (const ModelSpec& spec : specs_with_occupancy()) {
      if (spec.fairness != Fairness::Strong) continue;
      const Verdict v = checker.check(spec);
      const bool ref = reference::refinement_strong_terminates(*v.graph, v.fair);
      disagreements += ref != v.terminates;
      fails += !v.terminates;
      ASSERT_EQ(v.terminates, ref) << spec_name(spec) << "\n" << print_suite(p);
    }
  }
  EXPECT_EQ(disagreements, 0);
  EXPECT_GT(fails, 1000);
}

// Termination is monotone in fairness (on the cycles that matter, F only
// grows from UNFAIR to HSA/OBE to LOBE/HSA+OBE to FAIR, and strong fairness
// guarantees more than weak): a property the decisions must respect.
TEST(ProgressDifferential, VerdictsAreMonotoneInFairness) {
  std::mt19937 rng(4242);
  for (int round = 0; round < 1500; ++round) {
    const Program p = testing::random_program(rng, {3, 3, 2, 2});
    Checker checker(p);
    auto pass = [&](Model m, Fairness f) { return checker.check({m, f, 0}).terminates; };
    for (Fairness f : {Fairness::Weak, Fairness::Strong}) {
      if (pass(Model::Unfair, Fairness::Weak)) {
        EXPECT_TRUE(pass(Model::Hsa, f) && pass(Model::Obe, f));
      }
      if (pass(Model::Hsa, f) || pass(Model::Obe, f)) {
        EXPECT_TRUE(pass(Model::Lobe, f)) << print_suite(p);
        EXPECT_TRUE(pass(Model::HsaObe, f)) << print_suite(p);
      }
      if (pass(Model::Lobe, f) || pass(Model::HsaObe, f)) {
        EXPECT_TRUE(pass(Model::Fair, f)) << print_suite(p);
      }
    }
    for (Model m : {Model::Fair, Model::Obe, Model::Hsa, Model::HsaObe, Model::Lobe}) {
      if (pass(m, Fairness::Weak)) {
        EXPECT_TRUE(pass(m, Fairness::Strong)) << model_name(m) << "\n" << print_suite(p);
      }
    }
  }
}

}  // namespace
}  // namespace racecert::progress
