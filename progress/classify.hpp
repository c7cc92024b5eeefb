#pragma once
// Classification of litmus tests as in the paper's Table 4 (§5.6).
//
// A test's population is "weak" when it terminates under weak FAIR, "strong"
// when it terminates only under strong FAIR. Within its population (that
// fairness), a test is a conformance test of model m when it terminates
// under m, and a distinguishing test of m when, moreover, it does not
// terminate under any model directly below m:
//   HSA, OBE  <- below: UNFAIR
//   LOBE      <- below: HSA and OBE
//   FAIR      <- below: LOBE            (the paper leaves HSA+OBE out)
//   HSA+OBE   <- below: HSA and OBE     (ours; not in Table 4)
// Conformance counts are counted directly (tests that pass m), so a test
// passing both HSA and OBE counts once under LOBE.
#include <array>
#include <string>
#include <vector>

#include "progress/models.hpp"
#include "progress/oracle.hpp"

namespace racecert::progress {

enum class Population { Weak, Strong, None };  // None: not even strong FAIR terminates
const char* population_name(Population p);

// The models of the Table 4 rows, in order.
inline constexpr std::array<Model, 5> kTable4Models = {Model::Hsa, Model::Obe, Model::Lobe, Model::Fair,
                                                       Model::HsaObe};

struct Labels {
  std::array<bool, 11> terminates{};  // all_models() order
  Population population = Population::None;
  std::vector<Model> conformance, distinguishing;  // for the population's fairness
};

Labels classify(const std::vector<Verdict>& verdicts);  // the 11 of check_all()
Labels classify(const std::array<bool, 11>& terminates);

// Table 4: per population, per model, the number of D and C tests.
struct Table4 {
  std::array<std::array<std::size_t, 5>, 2> distinguishing{}, conformance{};  // [weak|strong][kTable4Models]
  std::array<std::size_t, 3> population{};                                    // weak, strong, none
  void add(const Labels& l);
};

// "unfair=fail fair/weak=pass ..." (the `expect:` line of datasets/progress).
std::string expectation_line(const std::array<bool, 11>& terminates);

}  // namespace racecert::progress
