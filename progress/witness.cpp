#include "progress/witness.hpp"

#include <algorithm>
#include <deque>

namespace racecert::progress {

WitnessStep make_step(const StateGraph& g, const std::vector<ThreadSet>& fair, std::uint32_t from,
                      const StepEdge& e) {
  return {e.thread, g.pc(from, e.thread), fair[from], from, e.target};
}

std::vector<WitnessStep> prefix_to(const StateGraph& g, const std::vector<ThreadSet>& fair, std::uint32_t target) {
  std::vector<WitnessStep> path;
  for (std::uint32_t s = target; s != StateGraph::initial(); s = g.parent(s)) {
    const std::uint32_t p = g.parent(s);
    path.push_back(make_step(g, fair, p, StepEdge{s, g.parent_thread(s)}));
  }
  std::reverse(path.begin(), path.end());
  return path;
}

std::optional<std::vector<WitnessStep>> path_within(
    const StateGraph& g, const std::vector<ThreadSet>& fair, std::uint32_t from,
    const std::function<bool(std::uint32_t)>& goal,
    const std::function<bool(std::uint32_t, const StepEdge&)>& allowed) {
  if (goal(from)) return std::vector<WitnessStep>{};
  constexpr std::uint32_t kUnseen = 0xffffffffu;
  // Sparse BFS bookkeeping: regions are usually tiny compared to the graph.
  std::vector<std::pair<std::uint32_t, StepEdge>> via;  // (predecessor, edge) per visited state
  std::vector<std::uint32_t> order{from};
  std::vector<std::uint32_t> seen_at(g.size(), kUnseen);
  seen_at[from] = 0;
  via.push_back({kUnseen, StepEdge{from, 0}});
  for (std::size_t head = 0; head < order.size(); ++head) {
    const std::uint32_t s = order[head];
    for (const StepEdge& e : g.out(s)) {
      if (seen_at[e.target] != kUnseen || !allowed(s, e)) continue;
      seen_at[e.target] = static_cast<std::uint32_t>(order.size());
      order.push_back(e.target);
      via.push_back({s, e});
      if (goal(e.target)) {
        std::vector<WitnessStep> path;
        for (std::uint32_t x = e.target; x != from;) {
          const auto& [pred, edge] = via[seen_at[x]];
          path.push_back(make_step(g, fair, pred, edge));
          x = pred;
        }
        std::reverse(path.begin(), path.end());
        return path;
      }
    }
  }
  return std::nullopt;
}

}  // namespace racecert::progress
