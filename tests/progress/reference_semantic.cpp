// Semantic strong-fairness check and witness replay: see reference.hpp.
#include <bit>
#include <map>
#include <set>

#include "progress/scc.hpp"
#include "reference.hpp"

namespace racecert::progress::reference {

bool refinement_strong_terminates(const StateGraph& g, const std::vector<ThreadSet>& fair) {
  const std::uint32_t n = static_cast<std::uint32_t>(g.size());
  std::vector<char> alive(n, 1);
  for (bool changed = true; changed;) {
    changed = false;
    const Sccs sccs = tarjan(
        g, [&](std::uint32_t s) { return alive[s] != 0; },
        [&](std::uint32_t, const StepEdge& e) { return alive[e.target] != 0; });
    for (std::uint32_t s = 0; s < n; ++s) {
      if (!alive[s]) continue;
      bool internal_edge = false, fair_edge_leaves = false;
      for (const StepEdge& e : g.out(s)) {
        const bool inside = alive[e.target] && sccs.comp[e.target] == sccs.comp[s];
        internal_edge |= inside;
        if ((fair[s] >> e.thread & 1u) && !inside) fair_edge_leaves = true;
      }
      // A state with no edge inside its component cannot be visited
      // infinitely often; one with a fair step leaving it must take it.
      bool component_cyclic = internal_edge;
      if (!component_cyclic) {
        for (std::uint32_t x = 0; x < n && !component_cyclic; ++x)
          if (alive[x] && x != s && sccs.comp[x] == sccs.comp[s]) component_cyclic = true;
      }
      if (!component_cyclic || fair_edge_leaves) {
        alive[s] = 0;
        changed = true;
      }
    }
  }
  for (std::uint32_t s = 0; s < n; ++s)
    if (alive[s]) return false;
  return true;
}

namespace {

// An interpreter of its own: the state after a step, termination folded in.
struct Replay {
  std::vector<std::uint32_t> pcs;
  std::vector<Value> mem;
  ThreadSet started = 0, terminated = 0;
  friend bool operator<(const Replay& a, const Replay& b) {
    return std::tie(a.pcs, a.mem, a.started, a.terminated) < std::tie(b.pcs, b.mem, b.started, b.terminated);
  }
  friend bool operator==(const Replay& a, const Replay& b) = default;
};

// F by the definitions of Table 1 (not progress/models.cpp's bit tricks).
ThreadSet definition_fair(const ModelSpec& spec, const Replay& s, std::size_t n) {
  std::set<std::size_t> live, started;
  for (std::size_t t = 0; t < n; ++t) {
    if (!(s.terminated >> t & 1u)) live.insert(t);
    if (s.started >> t & 1u) started.insert(t);
  }
  std::set<std::size_t> f;
  switch (spec.model) {
    case Model::Unfair: break;
    case Model::Fair: f = live; break;
    case Model::Obe:
      for (auto t : started) if (live.count(t)) f.insert(t);
      break;
    case Model::Hsa:
      if (!live.empty()) f.insert(*live.begin());
      break;
    case Model::HsaObe:
      for (auto t : started) if (live.count(t)) f.insert(t);
      if (!live.empty()) f.insert(*live.begin());
      break;
    case Model::Lobe:
      for (auto t : live)
        for (auto u : started) if (u >= t) f.insert(t);
      break;
  }
  ThreadSet out = 0;
  std::size_t resident = 0;
  for (auto t : started) resident += live.count(t);
  for (auto t : f) {
    bool can_run = true;
    if (spec.occupancy && uses_occupancy(spec.model)) can_run = started.count(t) || resident < spec.occupancy;
    if (can_run) out |= ThreadSet{1} << t;
  }
  return out;
}

bool can_step(const ModelSpec& spec, const Replay& s, std::size_t t, std::size_t n) {
  if (s.terminated >> t & 1u) return false;
  if (!spec.occupancy || !uses_occupancy(spec.model) || (s.started >> t & 1u)) return true;
  std::size_t resident = 0;
  for (std::size_t u = 0; u < n; ++u) resident += (s.started >> u & 1u) && !(s.terminated >> u & 1u);
  return resident < spec.occupancy;
}

Replay apply(const Program& p, Replay s, std::size_t t) {
  const Instr& in = p.threads[t].code[s.pcs[t]];
  const Value old = s.mem[in.loc];
  s.pcs[t] = old == in.check ? in.jump : s.pcs[t] + 1;
  if (in.exch) s.mem[in.loc] = in.write;
  s.started |= ThreadSet{1} << t;
  if (s.pcs[t] == p.threads[t].code.size()) s.terminated |= ThreadSet{1} << t;
  return s;
}

}  // namespace

std::string validate_lasso(const Program& p, const ModelSpec& spec, const Lasso& lasso) {
  const std::size_t n = p.thread_count();
  const bool track = needs_started(spec.model) || (spec.occupancy && uses_occupancy(spec.model));
  Replay s{std::vector<std::uint32_t>(n, 0), std::vector<Value>(p.location_count(), 0), 0, 0};
  for (std::size_t t = 0; t < n; ++t)
    if (p.threads[t].code.empty()) s.terminated |= ThreadSet{1} << t;
  auto run = [&](const std::vector<WitnessStep>& steps, std::vector<std::pair<Replay, WitnessStep>>* log) {
    for (const auto& st : steps) {
      if (st.thread >= n || !can_step(spec, s, st.thread, n)) return std::string("step of a thread that cannot step");
      if (st.pc != s.pcs[st.thread]) return std::string("step at the wrong pc");
      if (st.fair != definition_fair(spec, s, n)) return std::string("wrong F on a step");
      if (log) {
        Replay key = s;
        if (!track) key.started = 0;  // not part of the graph's state then
        log->push_back({key, st});
      }
      s = apply(p, s, st.thread);
    }
    return std::string();
  };
  if (auto err = run(lasso.prefix, nullptr); !err.empty()) return "prefix: " + err;
  if (lasso.cycle.empty()) return "empty cycle";
  const Replay loop = s;
  std::vector<std::pair<Replay, WitnessStep>> log;
  if (auto err = run(lasso.cycle, &log); !err.empty()) return "cycle: " + err;
  // Graph states forget `started` when no model needs it.
  Replay a = loop, b = s;
  if (!track) a.started = b.started = 0;
  if (!(a == b)) return "the cycle does not return to its first state";
  const ThreadSet f = log.front().second.fair;
  ThreadSet stepped = 0;
  for (const auto& [state, st] : log) {
    if (st.fair != f) return "F changes along the cycle";
    stepped |= ThreadSet{1} << st.thread;
  }
  if (spec.fairness == Fairness::Weak) {
    if ((f & stepped) != f) return "a thread of F never steps in the cycle";
    return "";
  }
  // Strong: from every state of the cycle, every fair step is taken.
  std::map<Replay, ThreadSet> taken;
  for (const auto& [state, st] : log) taken[state] |= ThreadSet{1} << st.thread;
  for (const auto& [state, threads] : taken) {
    for (std::size_t t = 0; t < n; ++t)
      if ((f >> t & 1u) && can_step(spec, state, t, n) && !(threads >> t & 1u))
        return "a fair step of a cycle state is never taken";
  }
  return "";
}

}  // namespace racecert::progress::reference
