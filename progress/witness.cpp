#include "progress/witness.hpp"

#include <algorithm>

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

PathFinder::PathFinder(const StateGraph& g, const std::vector<ThreadSet>& fair)
    : g_(g), fair_(fair), stamp_(g.size(), 0), slot_(g.size(), 0) {}

std::optional<std::vector<WitnessStep>> PathFinder::find(
    std::uint32_t from, const std::function<bool(std::uint32_t)>& goal,
    const std::function<bool(std::uint32_t, const StepEdge&)>& allowed) {
  if (goal(from)) return std::vector<WitnessStep>{};
  if (++generation_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0);
    generation_ = 1;
  }
  order_.assign(1, from);
  via_.assign(1, {from, StepEdge{from, 0}});
  stamp_[from] = generation_;
  slot_[from] = 0;
  for (std::size_t head = 0; head < order_.size(); ++head) {
    const std::uint32_t s = order_[head];
    for (const StepEdge& e : g_.out(s)) {
      if (stamp_[e.target] == generation_ || !allowed(s, e)) continue;
      stamp_[e.target] = generation_;
      slot_[e.target] = static_cast<std::uint32_t>(order_.size());
      order_.push_back(e.target);
      via_.push_back({s, e});
      if (!goal(e.target)) continue;
      std::vector<WitnessStep> path;
      for (std::uint32_t x = e.target; x != from;) {
        const auto& [pred, edge] = via_[slot_[x]];
        path.push_back(make_step(g_, fair_, pred, edge));
        x = pred;
      }
      std::reverse(path.begin(), path.end());
      return path;
    }
  }
  return std::nullopt;
}

}  // namespace racecert::progress
