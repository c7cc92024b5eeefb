#include "explorer/schedule.hpp"

#include <limits>

namespace racecert::explorer {

Schedule schedule_of(const Graph& g) {
  const int T = g.num_threads();
  std::vector<int> next(static_cast<std::size_t>(T), 0);
  auto emitted = [&](EventId e) { return e.is_init() || e.index < next[static_cast<std::size_t>(e.thread)]; };
  auto ready = [&](int t) {
    EventId id{t, next[static_cast<std::size_t>(t)]};
    const Event& e = g.event(id);
    if (e.is_read()) return emitted(e.rf);
    if (e.kind == StepKind::BarrierDepart) {
      for (EventId a : g.barrier_arrivals(id))
        if (!emitted(a)) return false;
    }
    return true;
  };
  Schedule out;
  for (;;) {
    int best = -1, fallback = -1;
    std::uint64_t best_stamp = std::numeric_limits<std::uint64_t>::max(), fallback_stamp = best_stamp;
    for (int t = 0; t < T; ++t) {
      if (next[static_cast<std::size_t>(t)] >= g.size(t)) continue;
      std::uint64_t s = g.event(EventId{t, next[static_cast<std::size_t>(t)]}).stamp;
      if (s < fallback_stamp) fallback_stamp = s, fallback = t;
      if (s < best_stamp && ready(t)) best_stamp = s, best = t;
    }
    if (best < 0) best = fallback;  // a cycle cannot happen in a consistent graph; stay total anyway
    if (best < 0) break;
    const Event& e = g.event(EventId{best, next[static_cast<std::size_t>(best)]});
    ScheduledEvent s;
    s.thread = best;
    s.pc = e.pc;
    s.kind = e.kind;
    s.location = e.location;
    s.value = e.value;
    s.rmw = e.rmw;
    if (e.is_read()) s.read_from = e.rf.thread;
    out.push_back(s);
    ++next[static_cast<std::size_t>(best)];
  }
  return out;
}

}  // namespace racecert::explorer
