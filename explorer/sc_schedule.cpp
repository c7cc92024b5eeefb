#include "explorer/sc_schedule.hpp"

#include <algorithm>

namespace racecert::explorer {

ScSchedule::ScSchedule(const GraphContext& ctx)
    : graph_(ctx),
      position_(static_cast<std::size_t>(ctx.num_threads)),
      clock_(static_cast<std::size_t>(ctx.num_threads)) {}

bool ScSchedule::can_run(int t) const {
  return graph_.state(t).status == ThreadStatus::Running && !graph_.waiting_at_barrier(t);
}

bool ScSchedule::inside_rmw(int t) const {
  const ThreadState& s = graph_.state(t);
  return s.status == ThreadStatus::Running && s.phase != 0 &&
         graph_.context().runners[static_cast<std::size_t>(t)].instr(s).kind == InstrKind::Rmw;
}

EventId ScSchedule::step(int t) {
  const auto ts = static_cast<std::size_t>(t);
  const Step st = graph_.context().runners[ts].next(graph_.state(t));
  EventId e;
  if (st.kind == StepKind::Read) {
    const auto& co = graph_.co(st.location);
    e = graph_.push(t, st, co.empty() ? EventId{-1, st.location} : co.back(), ++stamp_);
  } else {
    e = graph_.push(t, st, EventId{}, ++stamp_);
    if (st.kind == StepKind::Write) graph_.co_insert(st.location, static_cast<int>(graph_.co(st.location).size()), e);
  }
  position_[ts].push_back(static_cast<int>(order_.size()));
  order_.push_back(e);

  auto& clocks = clock_[ts];
  std::vector<std::uint32_t> c = clocks.empty()
                                     ? std::vector<std::uint32_t>(static_cast<std::size_t>(graph_.num_threads()), 0)
                                     : clocks.back();
  c[ts] = static_cast<std::uint32_t>(e.index + 1);
  if (st.kind == StepKind::BarrierDepart)
    for (EventId a : graph_.barrier_arrivals(e)) {
      const auto& ac = clock_[static_cast<std::size_t>(a.thread)][static_cast<std::size_t>(a.index)];
      for (std::size_t u = 0; u < c.size(); ++u) c[u] = std::max(c[u], ac[u]);
    }
  clocks.push_back(std::move(c));
  return e;
}

}  // namespace racecert::explorer
