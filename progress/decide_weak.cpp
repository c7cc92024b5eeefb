#include <bit>
#include <stdexcept>

#include "progress/decide.hpp"
#include "progress/scc.hpp"

namespace racecert::progress {

namespace {

// A closed walk from r inside component c that contains a step of every
// thread in `need` (of some thread when need is empty).
std::vector<WitnessStep> covering_cycle(const StateGraph& g, const std::vector<ThreadSet>& fair,
                                        const Sccs& sccs, std::uint32_t c, std::uint32_t r, ThreadSet need) {
  auto internal = [&](std::uint32_t s, const StepEdge& e) { return sccs.comp[s] == c && sccs.comp[e.target] == c; };
  if (need == 0)
    for (const StepEdge& e : g.out(r))
      if (internal(r, e)) {
        need = ThreadSet{1} << e.thread;
        break;
      }
  PathFinder paths(g, fair);
  std::vector<WitnessStep> cycle;
  std::uint32_t cur = r;
  ThreadSet done = 0;
  while (need & ~done) {
    auto has_step_needed = [&](std::uint32_t s) {
      for (const StepEdge& e : g.out(s))
        if (internal(s, e) && ((need & ~done) >> e.thread & 1u)) return true;
      return false;
    };
    auto path = paths.find(cur, has_step_needed, internal);
    for (const auto& st : *path) done |= ThreadSet{1} << st.thread;
    cycle.insert(cycle.end(), path->begin(), path->end());
    cur = path->empty() ? cur : path->back().to;
    for (const StepEdge& e : g.out(cur)) {
      if (internal(cur, e) && ((need & ~done) >> e.thread & 1u)) {
        cycle.push_back(make_step(g, fair, cur, e));
        done |= ThreadSet{1} << e.thread;
        cur = e.target;
        break;
      }
    }
  }
  auto back = paths.find(cur, [&](std::uint32_t s) { return s == r; }, internal);
  cycle.insert(cycle.end(), back->begin(), back->end());
  return cycle;
}

}  // namespace

Decision decide_weak(const StateGraph& g, const std::vector<ThreadSet>& fair, bool want_witness) {
  auto all = [](std::uint32_t) { return true; };
  auto any = [](std::uint32_t, const StepEdge&) { return true; };
  const Sccs sccs = tarjan(g, all, any);
  std::vector<ThreadSet> covered(sccs.count, 0);
  std::vector<char> cyclic(sccs.count, 0);
  constexpr std::uint32_t kNone = 0xffffffffu;
  std::vector<std::uint32_t> first(sccs.count, kNone);
  for (std::uint32_t s = 0; s < g.size(); ++s) {
    const std::uint32_t c = sccs.comp[s];
    if (first[c] == kNone) first[c] = s;
    if (fair[s] != fair[first[c]])
      throw std::logic_error("progress: F is not constant on a strongly connected component");
    for (const StepEdge& e : g.out(s)) {
      if (sccs.comp[e.target] != c) continue;
      covered[c] |= ThreadSet{1} << e.thread;
      cyclic[c] = 1;
    }
  }
  // States are in BFS order, so scanning them finds the bad component
  // closest to the initial state: the shortest prefix.
  for (std::uint32_t s = 0; s < g.size(); ++s) {
    const std::uint32_t c = sccs.comp[s];
    if (first[c] != s || !cyclic[c] || (fair[s] & ~covered[c])) continue;
    Decision d{false, std::nullopt};
    if (want_witness) d.witness = Lasso{prefix_to(g, fair, s), covering_cycle(g, fair, sccs, c, s, fair[s])};
    return d;
  }
  return Decision{true, std::nullopt};
}

}  // namespace racecert::progress
