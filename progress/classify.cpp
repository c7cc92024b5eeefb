#include "progress/classify.hpp"

#include <algorithm>

namespace racecert::progress {

namespace {

std::size_t index_of(const ModelSpec& s) {
  const auto all = all_models();
  return static_cast<std::size_t>(std::find(all.begin(), all.end(), ModelSpec{s.model, s.fairness, 0}) - all.begin());
}

std::vector<Model> below(Model m) {
  switch (m) {
    case Model::Hsa:
    case Model::Obe: return {Model::Unfair};
    case Model::Lobe:
    case Model::HsaObe: return {Model::Hsa, Model::Obe};
    case Model::Fair: return {Model::Lobe};
    case Model::Unfair: break;
  }
  return {};
}

}  // namespace

const char* population_name(Population p) {
  switch (p) {
    case Population::Weak: return "weak";
    case Population::Strong: return "strong";
    case Population::None: return "none";
  }
  return "?";
}

Labels classify(const std::vector<Verdict>& verdicts) {
  std::array<bool, 11> t{};
  for (const auto& v : verdicts) t[index_of(v.spec)] = v.terminates;
  return classify(t);
}

Labels classify(const std::array<bool, 11>& terminates) {
  Labels l;
  l.terminates = terminates;
  auto pass = [&](Model m, Fairness f) {
    if (m == Model::Unfair) f = Fairness::Weak;
    return terminates[index_of({m, f, 0})];
  };
  if (pass(Model::Fair, Fairness::Weak)) l.population = Population::Weak;
  else if (pass(Model::Fair, Fairness::Strong)) l.population = Population::Strong;
  else return l;
  const Fairness f = l.population == Population::Weak ? Fairness::Weak : Fairness::Strong;
  for (Model m : kTable4Models) {
    if (!pass(m, f)) continue;
    l.conformance.push_back(m);
    const auto lower = below(m);
    if (std::none_of(lower.begin(), lower.end(), [&](Model b) { return pass(b, f); })) l.distinguishing.push_back(m);
  }
  return l;
}

void Table4::add(const Labels& l) {
  population[static_cast<std::size_t>(l.population)]++;
  if (l.population == Population::None) return;
  const std::size_t p = l.population == Population::Weak ? 0 : 1;
  for (std::size_t k = 0; k < kTable4Models.size(); ++k) {
    const Model m = kTable4Models[k];
    if (std::find(l.conformance.begin(), l.conformance.end(), m) != l.conformance.end()) conformance[p][k]++;
    if (std::find(l.distinguishing.begin(), l.distinguishing.end(), m) != l.distinguishing.end()) distinguishing[p][k]++;
  }
}

std::string expectation_line(const std::array<bool, 11>& terminates) {
  std::string out;
  const auto all = all_models();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i) out += " ";
    out += all[i].model == Model::Unfair ? std::string("unfair") : spec_name(all[i]);
    out += terminates[i] ? "=pass" : "=fail";
  }
  return out;
}

}  // namespace racecert::progress
