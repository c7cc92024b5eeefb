#pragma once
// Tarjan's strongly connected components, iterative (no recursion depth
// limit), over a sub-graph of a StateGraph chosen by a state predicate and an
// edge predicate. Components are numbered in the order Tarjan completes them,
// which is a reverse topological order: component 0 has no edge to another
// component of the sub-graph (it is a bottom component).
#include <cstdint>
#include <vector>

#include "progress/state_graph.hpp"

namespace racecert::progress {

struct Sccs {
  static constexpr std::uint32_t kNone = 0xffffffffu;
  std::vector<std::uint32_t> comp;  // per state; kNone outside the sub-graph
  std::uint32_t count = 0;
};

// in_scope(s): whether state s belongs to the sub-graph; keep(s, edge):
// whether the edge belongs to it (its target must be in scope too).
// `roots`: the states to start from (empty: every state in scope).
template <class InScope, class Keep>
Sccs tarjan(const StateGraph& g, InScope in_scope, Keep keep, const std::vector<std::uint32_t>& roots = {}) {
  const std::uint32_t n = static_cast<std::uint32_t>(g.size());
  constexpr std::uint32_t kUnvisited = 0xffffffffu;
  Sccs r;
  r.comp.assign(n, Sccs::kNone);
  std::vector<std::uint32_t> index(n, kUnvisited), low(n, 0), stack;
  std::vector<char> on_stack(n, 0);
  struct Frame {
    std::uint32_t state, next_edge;
  };
  std::vector<Frame> frames;
  std::uint32_t counter = 0;
  auto visit = [&](std::uint32_t root) {
    if (!in_scope(root) || index[root] != kUnvisited) return;
    frames.push_back({root, 0});
    index[root] = low[root] = counter++;
    stack.push_back(root);
    on_stack[root] = 1;
    while (!frames.empty()) {
      Frame& f = frames.back();
      auto out = g.out(f.state);
      if (f.next_edge < out.size()) {
        const StepEdge& e = out[f.next_edge++];
        if (!keep(f.state, e) || !in_scope(e.target)) continue;
        if (index[e.target] == kUnvisited) {
          index[e.target] = low[e.target] = counter++;
          stack.push_back(e.target);
          on_stack[e.target] = 1;
          frames.push_back({e.target, 0});
        } else if (on_stack[e.target]) {
          low[f.state] = std::min(low[f.state], index[e.target]);
        }
        continue;
      }
      const std::uint32_t s = f.state;
      frames.pop_back();
      if (!frames.empty()) low[frames.back().state] = std::min(low[frames.back().state], low[s]);
      if (low[s] == index[s]) {
        std::uint32_t x;
        do {
          x = stack.back();
          stack.pop_back();
          on_stack[x] = 0;
          r.comp[x] = r.count;
        } while (x != s);
        ++r.count;
      }
    }
  };
  if (roots.empty()) {
    for (std::uint32_t s = 0; s < n; ++s) visit(s);
  } else {
    for (std::uint32_t s : roots) visit(s);
  }
  return r;
}

}  // namespace racecert::progress
