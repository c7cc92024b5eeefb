#include "progress/oracle.hpp"

namespace racecert::progress {

std::vector<ThreadSet> fair_sets(const StateGraph& g, const ModelSpec& spec) {
  std::vector<ThreadSet> f(g.size());
  for (std::uint32_t s = 0; s < g.size(); ++s)
    f[s] = fair_set(spec, g.all_threads(), g.started(s), g.terminated(s));
  return f;
}

Checker::Checker(Program p, CheckOptions opts) : prog_(std::move(p)), opts_(opts) {}

std::shared_ptr<const StateGraph> Checker::graph_for(const ModelSpec& spec) {
  const unsigned occ = uses_occupancy(spec.model) ? spec.occupancy : 0;
  const std::pair<bool, unsigned> key{needs_started(spec.model) || occ > 0, occ};
  auto it = graphs_.find(key);
  if (it != graphs_.end()) return it->second;
  GraphOptions go;
  go.track_started = key.first;
  go.occupancy = occ;
  go.max_states = opts_.max_states;
  auto g = std::make_shared<const StateGraph>(build_state_graph(prog_, go));
  graphs_.emplace(key, g);
  return g;
}

Verdict Checker::check(const ModelSpec& spec) {
  Verdict v;
  v.spec = spec;
  if (!uses_occupancy(spec.model)) v.spec.occupancy = 0;
  v.graph = graph_for(v.spec);
  v.fair = fair_sets(*v.graph, v.spec);
  Decision d = spec.fairness == Fairness::Weak ? decide_weak(*v.graph, v.fair, opts_.witness)
                                               : decide_strong(*v.graph, v.fair, opts_.witness);
  v.terminates = d.terminates;
  v.witness = std::move(d.witness);
  return v;
}

std::vector<Verdict> Checker::check_all(unsigned occupancy) {
  std::vector<Verdict> out;
  for (const ModelSpec& s : all_models(occupancy)) out.push_back(check(s));
  return out;
}

LtsCounts Checker::lts_counts() {
  auto g = graph_for(ModelSpec{Model::Fair, Fairness::Weak, 0});
  return {g->size(), g->edge_count()};
}

}  // namespace racecert::progress
