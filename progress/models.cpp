#include "progress/models.hpp"

#include <bit>

namespace racecert::progress {

std::vector<ModelSpec> all_models(unsigned occupancy) {
  std::vector<ModelSpec> out{{Model::Unfair, Fairness::Weak, 0}};
  for (Model m : {Model::Fair, Model::Obe, Model::Hsa, Model::HsaObe, Model::Lobe})
    for (Fairness f : {Fairness::Weak, Fairness::Strong})
      out.push_back({m, f, uses_occupancy(m) ? occupancy : 0});
  return out;
}

const char* model_name(Model m) {
  switch (m) {
    case Model::Unfair: return "unfair";
    case Model::Fair: return "fair";
    case Model::Obe: return "obe";
    case Model::Hsa: return "hsa";
    case Model::HsaObe: return "hsa-obe";
    case Model::Lobe: return "lobe";
  }
  return "?";
}

const char* fairness_name(Fairness f) { return f == Fairness::Weak ? "weak" : "strong"; }

std::optional<Model> model_from_name(const std::string& s) {
  for (Model m : {Model::Unfair, Model::Fair, Model::Obe, Model::Hsa, Model::HsaObe, Model::Lobe})
    if (s == model_name(m)) return m;
  if (s == "hsa+obe") return Model::HsaObe;
  return std::nullopt;
}

std::optional<Fairness> fairness_from_name(const std::string& s) {
  if (s == "weak") return Fairness::Weak;
  if (s == "strong") return Fairness::Strong;
  return std::nullopt;
}

bool uses_occupancy(Model m) { return m == Model::Obe || m == Model::Lobe; }

bool needs_started(Model m) { return m == Model::Obe || m == Model::HsaObe || m == Model::Lobe; }

std::string spec_name(const ModelSpec& s) {
  std::string n = std::string(model_name(s.model)) + "/" + fairness_name(s.fairness);
  if (s.occupancy && uses_occupancy(s.model)) n += " (O=" + std::to_string(s.occupancy) + ")";
  return n;
}

ThreadSet enabled_threads(ThreadSet all, ThreadSet started, ThreadSet terminated, unsigned occupancy) {
  const ThreadSet live = all & ~terminated;
  if (occupancy == 0) return live;
  const ThreadSet resident = live & started;
  return static_cast<unsigned>(std::popcount(resident)) < occupancy ? live : resident;
}

namespace {
ThreadSet lowest(ThreadSet s) { return s & (~s + 1); }
// Threads 0..t (all of them up to and including the highest bit of s).
ThreadSet up_to_highest(ThreadSet s) {
  if (s == 0) return 0;
  const int hi = 31 - std::countl_zero(s);
  return hi == 31 ? ~ThreadSet{0} : (ThreadSet{1} << (hi + 1)) - 1;
}
}  // namespace

ThreadSet fair_set(const ModelSpec& spec, ThreadSet all, ThreadSet started, ThreadSet terminated) {
  const ThreadSet live = all & ~terminated;
  ThreadSet f = 0;
  switch (spec.model) {
    case Model::Unfair: f = 0; break;
    case Model::Fair: f = live; break;
    case Model::Obe: f = started & live; break;
    case Model::Hsa: f = lowest(live); break;
    case Model::HsaObe: f = (started & live) | lowest(live); break;
    case Model::Lobe: f = live & up_to_highest(started); break;
  }
  if (spec.occupancy && uses_occupancy(spec.model))
    f &= enabled_threads(all, started, terminated, spec.occupancy);
  return f;
}

}  // namespace racecert::progress
