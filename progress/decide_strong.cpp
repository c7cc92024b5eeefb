#include <bit>

#include "progress/decide.hpp"
#include "progress/scc.hpp"

namespace racecert::progress {

namespace {

bool is_fair(const std::vector<ThreadSet>& fair, std::uint32_t s, const StepEdge& e) {
  return fair[s] >> e.thread & 1u;
}

// A closed walk from r that takes every fair edge of the bottom component c:
// repeated forever it is strongly fair, since no fair edge leaves c.
std::vector<WitnessStep> all_fair_edges_cycle(const StateGraph& g, const std::vector<ThreadSet>& fair,
                                              const Sccs& sccs, std::uint32_t c, std::uint32_t r) {
  auto inside = [&](std::uint32_t s, const StepEdge& e) {
    return sccs.comp[s] == c && sccs.comp[e.target] == c && is_fair(fair, s, e);
  };
  PathFinder paths(g, fair);
  std::vector<ThreadSet> taken(g.size(), 0);
  auto pending = [&](std::uint32_t s) {
    if (sccs.comp[s] != c) return false;
    for (const StepEdge& e : g.out(s))
      if (is_fair(fair, s, e) && !(taken[s] >> e.thread & 1u)) return true;
    return false;
  };
  std::vector<WitnessStep> cycle;
  auto take = [&](const WitnessStep& st) {
    taken[st.from] |= ThreadSet{1} << st.thread;
    cycle.push_back(st);
  };
  std::uint32_t cur = r;
  for (;;) {
    auto path = paths.find(cur, pending, inside);
    if (!path) break;  // every fair edge of c is taken
    for (const auto& st : *path) take(st);
    if (!path->empty()) cur = path->back().to;
    for (const StepEdge& e : g.out(cur)) {
      if (is_fair(fair, cur, e) && !(taken[cur] >> e.thread & 1u)) {
        take(make_step(g, fair, cur, e));
        cur = e.target;
        break;
      }
    }
  }
  auto back = paths.find(cur, [&](std::uint32_t s) { return s == r; }, inside);
  for (const auto& st : *back) take(st);
  return cycle;
}

}  // namespace

Decision decide_strong(const StateGraph& g, const std::vector<ThreadSet>& fair, bool want_witness) {
  const std::uint32_t n = static_cast<std::uint32_t>(g.size());
  // Reverse adjacency of the fair edges (CSR).
  std::vector<std::uint32_t> start(n + 1, 0);
  for (std::uint32_t s = 0; s < n; ++s)
    for (const StepEdge& e : g.out(s))
      if (is_fair(fair, s, e)) ++start[e.target + 1];
  for (std::uint32_t s = 0; s < n; ++s) start[s + 1] += start[s];
  std::vector<std::uint32_t> preds(start[n]), fill(start.begin(), start.end() - 1);
  for (std::uint32_t s = 0; s < n; ++s)
    for (const StepEdge& e : g.out(s))
      if (is_fair(fair, s, e)) preds[fill[e.target]++] = s;

  std::vector<char> good(n, 0);
  std::vector<std::uint32_t> queue;
  for (std::uint32_t s = 0; s < n; ++s)
    if (g.is_final(s) || fair[s] == 0) {
      good[s] = 1;
      queue.push_back(s);
    }
  for (std::size_t head = 0; head < queue.size(); ++head)
    for (std::uint32_t i = start[queue[head]]; i < start[queue[head] + 1]; ++i)
      if (!good[preds[i]]) {
        good[preds[i]] = 1;
        queue.push_back(preds[i]);
      }

  std::uint32_t bad = n;
  for (std::uint32_t s = 0; s < n && bad == n; ++s)
    if (!good[s]) bad = s;
  if (bad == n) return Decision{true, std::nullopt};
  Decision d{false, std::nullopt};
  if (!want_witness) return d;
  // Everything fair-reachable from a bad state is bad; its first Tarjan
  // component is a bottom one, closed under fair steps and cyclic (every bad
  // state has a fair step).
  const Sccs sccs = tarjan(
      g, [&](std::uint32_t s) { return !good[s]; },
      [&](std::uint32_t s, const StepEdge& e) { return is_fair(fair, s, e); }, {bad});
  std::uint32_t r = n;
  for (std::uint32_t s = 0; s < n && r == n; ++s)
    if (sccs.comp[s] == 0) r = s;
  d.witness = Lasso{prefix_to(g, fair, r), all_fair_edges_cycle(g, fair, sccs, 0, r)};
  return d;
}

}  // namespace racecert::progress
