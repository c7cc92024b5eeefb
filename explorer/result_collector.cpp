#include "explorer/result_collector.hpp"

#include <algorithm>

#include "explorer/races.hpp"

namespace racecert::explorer {

bool ResultCollector::report_races(const Graph& g, EventId e) {
  if (!g.event(e).is_access()) return false;
  std::vector<Race> found;
  races_of(g, e, found);
  for (const Race& r : found) {
    auto key = std::make_tuple(static_cast<int>(r.kind), r.location, r.first.thread, r.first.pc, r.second.thread,
                               r.second.pc);
    if (race_keys_.insert(key).second) result_.races.push_back(r);
  }
  if (!found.empty() && stop_on_first_) result_.stopped_early = true;
  return !found.empty();
}

FinalState ResultCollector::final_state(const Graph& g) const {
  FinalState s;
  for (int t = 0; t < g.num_threads(); ++t)
    s.registers.push_back(ctx_.runners[static_cast<std::size_t>(t)].registers(g.state(t)));
  for (int l = 0; l < ctx_.num_locations; ++l) s.memory.push_back(g.final_value(l));
  return s;
}

void ResultCollector::finish(const Graph& g) {
  bool finished = true, spin = false, bound = false;
  for (int t = 0; t < g.num_threads(); ++t) {
    ThreadStatus st = g.state(t).status;
    finished = finished && st == ThreadStatus::Finished;
    spin = spin || st == ThreadStatus::SpinBlocked;
    bound = bound || st == ThreadStatus::BoundBlocked;
  }
  result_.max_events = std::max(result_.max_events, g.total_events());
  if (on_final_) on_final_(g, finished);
  if (!finished) {
    ++result_.blocked;
    if (bound) ++result_.bounded;
    if (!spin && !bound) {
      if (result_.divergent++ == 0)
        for (int t = 0; t < g.num_threads(); ++t)
          if (g.state(t).status == ThreadStatus::Running)
            result_.divergence_witness.push_back(AccessRef{t, g.state(t).pc, false});
      if (stop_on_first_) result_.stopped_early = true;
    }
    return;
  }
  ++result_.executions;
  const Quantifier q = program_.condition.quantifier;
  if (q == Quantifier::None) return;
  FinalState s = final_state(g);
  bool sat = evaluate(program_.condition.expr, s.registers, s.memory);
  if (sat) ++result_.satisfying;
  bool interesting = q == Quantifier::Forall ? !sat : sat;
  if (interesting && !result_.witness) result_.witness = std::move(s);
  if (q == Quantifier::Forall && !sat && stop_on_first_) result_.stopped_early = true;
}

}  // namespace racecert::explorer
