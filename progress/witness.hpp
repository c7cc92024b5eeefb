#pragma once
// Lasso witnesses of possible non-termination: a finite prefix from the
// initial state and a cycle that returns to the prefix's last state and can
// be repeated forever under the model's fairness. Each step records F, the
// set of threads guaranteed fair before it.
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "progress/state_graph.hpp"

namespace racecert::progress {

struct WitnessStep {
  std::uint32_t thread = 0;
  std::uint32_t pc = 0;   // the instruction the thread executes
  ThreadSet fair = 0;     // F before the step
  std::uint32_t from = 0, to = 0;
};

struct Lasso {
  std::vector<WitnessStep> prefix, cycle;
  std::uint32_t loop_state() const { return cycle.empty() ? 0 : cycle.front().from; }
};

WitnessStep make_step(const StateGraph& g, const std::vector<ThreadSet>& fair, std::uint32_t from,
                      const StepEdge& e);

// The shortest path from the initial state to `target` (BFS tree).
std::vector<WitnessStep> prefix_to(const StateGraph& g, const std::vector<ThreadSet>& fair, std::uint32_t target);

// Shortest paths inside a region of the graph, for building cycles. Reuses
// its bookkeeping across searches (generation stamps), so a search costs only
// the states it visits, not the size of the graph.
class PathFinder {
 public:
  PathFinder(const StateGraph& g, const std::vector<ThreadSet>& fair);
  // A shortest path from `from` to the first state satisfying `goal`, using
  // only edges accepted by `allowed`; nullopt when there is none.
  std::optional<std::vector<WitnessStep>> find(std::uint32_t from, const std::function<bool(std::uint32_t)>& goal,
                                               const std::function<bool(std::uint32_t, const StepEdge&)>& allowed);

 private:
  const StateGraph& g_;
  const std::vector<ThreadSet>& fair_;
  std::vector<std::uint32_t> stamp_, slot_;  // per state: search generation, index into order_
  std::vector<std::uint32_t> order_;
  std::vector<std::pair<std::uint32_t, StepEdge>> via_;
  std::uint32_t generation_ = 0;
};

}  // namespace racecert::progress
