#include "barriers/analysis.hpp"

#include <chrono>

#include "barriers/dependence_graph.hpp"
#include "barriers/races.hpp"
#include "barriers/wellsync.hpp"

namespace racecert::barriers {

namespace {
double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

Analysis analyze(const Program& p, const AnalysisOptions& o) {
  auto t_start = std::chrono::steady_clock::now();
  validate(p);
  Analysis a;
  a.stats.commands = p.num_commands();
  a.stats.thread_commands = p.num_thread_commands();
  for (std::uint32_t u = 0; u < p.units.size(); ++u)
    for (std::uint32_t i = 0; i < p.units[u].cmds.size(); ++i)
      if (p.units[u].cmds[i].op == Op::Opaque) a.opaque.push_back(CmdRef{u, i});
  if (!a.opaque.empty()) {
    // The commands after a data-dependent point are not known, so neither is
    // the synchronization of the prefix: no verdict either way.
    a.verdict.outcome = Outcome::Unknown;
    a.stats.total_s = since(t_start);
    return a;
  }

  auto t0 = std::chrono::steady_clock::now();
  a.schedule = simulate(p);
  a.stats.simulate_s = since(t0);
  a.stats.dynamic_barriers = a.schedule.gens.size();
  if (a.schedule.violation) {
    a.verdict.outcome = Outcome::NotWellSynchronized;
    a.verdict.violation = a.schedule.violation;
    a.stats.total_s = since(t_start);
    return a;
  }

  t0 = std::chrono::steady_clock::now();
  BarrierGraph graph(p, a.schedule);
  a.stats.graph_s = since(t0);
  a.stats.graph_edges = graph.num_edges();

  t0 = std::chrono::steady_clock::now();
  auto violation = check_recycling(p, a.schedule, graph);
  a.stats.wellsync_s = since(t0);
  if (violation) {
    a.verdict.outcome = Outcome::NotWellSynchronized;
    a.verdict.violation = std::move(violation);
    a.stats.total_s = since(t_start);
    return a;
  }

  t0 = std::chrono::steady_clock::now();
  RaceOptions ro;
  ro.max_witnesses = o.max_races;
  ro.max_pairs = o.max_racing_pairs;
  ro.benign_writes_race = o.benign_writes_race;
  RaceResult races = find_races(p, graph, ro);
  a.stats.races_s = since(t0);
  a.stats.thread_accesses = races.thread_accesses;
  a.stats.group_accesses = races.group_accesses;
  a.stats.race_tests = races.tests;
  a.verdict.outcome = races.racing_pairs ? Outcome::Racy : Outcome::RaceFree;
  a.verdict.races = std::move(races.witnesses);
  a.verdict.racing_pairs = races.racing_pairs;
  a.verdict.racing_pairs_capped = races.capped;
  a.stats.total_s = since(t_start);
  return a;
}

}  // namespace racecert::barriers
