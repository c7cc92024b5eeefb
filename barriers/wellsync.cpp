#include "barriers/wellsync.hpp"

#include <algorithm>
#include <iterator>

namespace racecert::barriers {

std::optional<SyncViolation> check_recycling(const Program& p, const Schedule& s, const BarrierGraph& graph) {
  std::uint32_t last[kNumBarriers];
  std::fill(std::begin(last), std::end(last), kNone);
  auto violation = [](SyncViolation::Kind k, const Generation& g, CmdRef at, CmdRef other) {
    SyncViolation v;
    v.kind = k;
    v.barrier = g.barrier;
    v.generation = g.number;
    v.at = at;
    v.other = other;
    v.has_other = true;
    return v;
  };
  // Generations are created in schedule order, so per barrier in number order.
  for (std::uint32_t gi = 0; gi < s.gens.size(); ++gi) {
    const Generation& next = s.gens[gi];
    std::uint32_t prev_index = last[next.barrier];
    last[next.barrier] = gi;
    if (prev_index == kNone) continue;
    const Generation& prev = s.gens[prev_index];
    std::optional<CmdRef> a_sync;
    if (prev.has_sync)
      for (const CmdRef& r : prev.parts)
        if (p.units[r.unit].cmds[r.cmd].op == Op::Sync) {
          a_sync = r;
          break;
        }
    for (const CmdRef& c2 : next.parts) {
      if (c2.cmd == 0) return violation(SyncViolation::Kind::FirstRegistration, next, c2, prev.parts.front());
      CmdRef c3{c2.unit, c2.cmd - 1};
      if (a_sync) {
        if (!graph.happens_before_all_threads(*a_sync, c3))
          return violation(SyncViolation::Kind::UnsafeRecycling, next, c2, *a_sync);
        continue;
      }
      for (const CmdRef& c1 : prev.parts)
        if (!graph.happens_before_all_threads(c1, c3))
          return violation(SyncViolation::Kind::UnsafeRecycling, next, c2, c1);
    }
  }
  return std::nullopt;
}

}  // namespace racecert::barriers
