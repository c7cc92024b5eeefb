#pragma once
// The paper's progress models (§4, Figs. 4 and 13-16), each defined by the
// set F of threads guaranteed fair execution before a step. Every monitor of
// the paper depends only on which threads have taken a step ("started") and
// which have terminated, so F is computed in closed form from those two sets:
//
//   UNFAIR   F = {}
//   FAIR     F = live                          (live = not terminated)
//   OBE      F = started ∩ live
//   HSA      F = {min live}
//   HSA+OBE  F = (started ∩ live) ∪ {min live}
//   LOBE     F = {t ∈ live : t <= max started}
//
// With an occupancy bound O (OBE and LOBE only), at most O threads are
// resident (started and live); a thread may take its first step only while
// fewer than O are resident, and F keeps only the threads that can run.
#include <optional>
#include <string>
#include <vector>

#include "progress/program.hpp"

namespace racecert::progress {

enum class Model { Unfair, Fair, Obe, Hsa, HsaObe, Lobe };
enum class Fairness { Weak, Strong };

struct ModelSpec {
  Model model = Model::Fair;
  Fairness fairness = Fairness::Weak;
  unsigned occupancy = 0;  // 0: unbounded; only OBE and LOBE use it

  friend bool operator==(const ModelSpec&, const ModelSpec&) = default;
};

// The 11 models in table order: unfair, then fair, obe, hsa, hsa-obe, lobe
// each weak then strong. `occupancy` applies to the OBE and LOBE rows.
std::vector<ModelSpec> all_models(unsigned occupancy = 0);

const char* model_name(Model m);        // "unfair", "fair", "obe", "hsa", "hsa-obe", "lobe"
const char* fairness_name(Fairness f);  // "weak", "strong"
std::optional<Model> model_from_name(const std::string& s);
std::optional<Fairness> fairness_from_name(const std::string& s);
bool uses_occupancy(Model m);           // OBE and LOBE
bool needs_started(Model m);            // whether F depends on the started set
// "obe/weak", "lobe/strong (O=2)".
std::string spec_name(const ModelSpec& s);

// Threads that may step: live, and (under an occupancy bound) either started
// or a slot is free.
ThreadSet enabled_threads(ThreadSet all, ThreadSet started, ThreadSet terminated, unsigned occupancy);

// F before a step, for a state whose started and terminated sets are given.
ThreadSet fair_set(const ModelSpec& spec, ThreadSet all, ThreadSet started, ThreadSet terminated);

}  // namespace racecert::progress
