#include "explorer/barrier_instances.hpp"

namespace racecert::explorer {

namespace {

// edge[x][y]: some arrival of instance x porf-precedes one of instance y.
std::vector<std::vector<bool>> instance_edges(const BarrierArrivals& a) {
  const std::size_t n = a.capacity.size();
  std::vector<std::vector<bool>> edge(n, std::vector<bool>(n, false));
  for (std::size_t i = 0; i < a.instance.size(); ++i)
    for (std::size_t j = 0; j < a.instance.size(); ++j) {
      auto x = static_cast<std::size_t>(a.instance[i]), y = static_cast<std::size_t>(a.instance[j]);
      if (x != y && a.before(static_cast<int>(i), static_cast<int>(j))) edge[x][y] = true;
    }
  return edge;
}

}  // namespace

bool countless_instance_complete(const std::vector<ThreadRunner>& runners, const std::vector<int>& cta_threads,
                                 const std::function<const ThreadState&(int)>& state, int id, int instance) {
  for (int u : cta_threads)
    if (runners[static_cast<std::size_t>(u)].may_arrive_at(state(u), id, instance)) return false;
  return true;
}

bool barrier_instances_ordered(const BarrierArrivals& a) {
  auto edge = instance_edges(a);
  const std::size_t n = edge.size();
  // Kahn's algorithm: acyclic iff every instance can be removed.
  std::vector<int> indegree(n, 0);
  for (std::size_t x = 0; x < n; ++x)
    for (std::size_t y = 0; y < n; ++y) indegree[y] += edge[x][y] ? 1 : 0;
  std::vector<std::size_t> ready;
  for (std::size_t y = 0; y < n; ++y)
    if (indegree[y] == 0) ready.push_back(y);
  std::size_t removed = 0;
  while (!ready.empty()) {
    std::size_t x = ready.back();
    ready.pop_back();
    ++removed;
    for (std::size_t y = 0; y < n; ++y)
      if (edge[x][y] && --indegree[y] == 0) ready.push_back(y);
  }
  return removed == n;
}

bool barrier_instances_final(const BarrierArrivals& a) {
  if (!barrier_instances_ordered(a)) return false;
  std::vector<int> size(a.capacity.size(), 0);
  for (int x : a.instance) ++size[static_cast<std::size_t>(x)];
  auto edge = instance_edges(a);
  int incomplete = 0;
  for (std::size_t x = 0; x < size.size(); ++x) {
    if (size[x] >= a.capacity[x]) continue;
    ++incomplete;
    for (std::size_t y = 0; y < size.size(); ++y)
      if (edge[x][y]) return false;
  }
  return incomplete <= 1;
}

}  // namespace racecert::explorer
