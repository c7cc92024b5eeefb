#include "barriers/dependence_graph.hpp"

#include <algorithm>
#include <numeric>

namespace racecert::barriers {

namespace {
// Nodes sorted by completion; generations that never complete (only arrives,
// left open at exit) come last.
std::vector<std::uint32_t> completion_order(const Schedule& s) {
  std::vector<std::uint32_t> order(s.gens.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return s.gens[a].completed_at < s.gens[b].completed_at; });
  return order;
}

// Position of each registration in its unit's barrier command list.
std::uint32_t position(const Schedule& s, CmdRef c) {
  const auto& v = s.barrier_cmds[c.unit];
  auto it = std::lower_bound(v.begin(), v.end(), c.cmd,
                             [](const BarrierRef& b, std::uint32_t cmd) { return b.cmd < cmd; });
  return static_cast<std::uint32_t>(it - v.begin());
}
}  // namespace

BarrierGraph::BarrierGraph(const Program& p, const Schedule& s)
    : p_(p), s_(s), units_(p.units.size()), nodes_(s.gens.size()) {
  compute_reach();
  compute_back();
  compute_points();
}

// reach(N)[v] = earliest command of v reached from N's completion: v's own
// syncs in N, and for each sync of N the nodes of the barrier commands that
// follow it in its unit up to (including) the next sync. Those nodes complete
// after N, so a pass in reverse completion order sees them first.
void BarrierGraph::compute_reach() {
  after_.assign(nodes_ * units_, kInfinity);
  std::vector<std::uint32_t> order = completion_order(s_);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const Generation& g = s_.gens[*it];
    if (g.completed_at == kNeverCompleted) continue;  // nothing waits for it
    std::uint32_t* row = &after_[std::size_t{*it} * units_];
    for (const CmdRef& r : g.parts) {
      if (p_.units[r.unit].cmds[r.cmd].op != Op::Sync) continue;
      row[r.unit] = std::min(row[r.unit], r.cmd);
      const auto& bc = s_.barrier_cmds[r.unit];
      for (std::size_t k = position(s_, r) + 1; k < bc.size(); ++k) {
        ++edges_;
        const std::uint32_t* next = &after_[std::size_t{bc[k].gen} * units_];
        for (std::size_t v = 0; v < units_; ++v) row[v] = std::min(row[v], next[v]);
        if (bc[k].sync) break;
      }
    }
  }
}

// back(N)[v] = latest command of v that happens before N's completion: every
// registration in N, and what happens before the last sync preceding each
// registration in its unit (arrives do not pass anything into a unit).
void BarrierGraph::compute_back() {
  before_.assign(nodes_ * units_, -1);
  std::vector<std::uint32_t> order = completion_order(s_);
  for (std::uint32_t n : order) {
    std::int32_t* row = &before_[std::size_t{n} * units_];
    for (const CmdRef& r : s_.gens[n].parts) {
      row[r.unit] = std::max(row[r.unit], static_cast<std::int32_t>(r.cmd));
      const auto& bc = s_.barrier_cmds[r.unit];
      for (std::size_t k = position(s_, r); k-- > 0;) {
        if (!bc[k].sync) continue;
        ++edges_;
        const std::int32_t* prev = &before_[std::size_t{bc[k].gen} * units_];
        for (std::size_t v = 0; v < units_; ++v) row[v] = std::max(row[v], prev[v]);
        break;
      }
    }
  }
}

// For a point just before barrier command k of unit u, everything after it
// is reached through the barrier commands from k up to the next sync; the
// suffix minima at arrives are extra rows. The point's past comes only
// through the last sync before it.
void BarrierGraph::compute_points() {
  after_row_.resize(units_);
  before_row_.resize(units_);
  for (std::size_t u = 0; u < units_; ++u) {
    const auto& bc = s_.barrier_cmds[u];
    auto& ar = after_row_[u];
    auto& br = before_row_[u];
    ar.assign(bc.size(), kNone);
    br.assign(bc.size(), kNone);
    for (std::size_t k = bc.size(); k-- > 0;) {
      if (bc[k].sync || k + 1 == bc.size()) {
        ar[k] = bc[k].gen;  // a sync's node already covers what follows it
        continue;
      }
      std::size_t row = after_.size() / units_;
      after_.resize(after_.size() + units_);
      std::uint32_t* dst = &after_[row * units_];
      const std::uint32_t* own = &after_[std::size_t{bc[k].gen} * units_];
      const std::uint32_t* rest = &after_[std::size_t{ar[k + 1]} * units_];
      for (std::size_t v = 0; v < units_; ++v) dst[v] = std::min(own[v], rest[v]);
      ar[k] = static_cast<std::uint32_t>(row);
    }
    std::uint32_t last_sync = kNone;
    for (std::size_t k = 0; k < bc.size(); ++k) {
      if (bc[k].sync) last_sync = bc[k].gen;
      br[k] = last_sync;
    }
  }
}

BarrierGraph::Point BarrierGraph::locate(std::uint32_t unit, std::uint32_t cmd) const {
  const auto& bc = s_.barrier_cmds[unit];
  auto it = std::lower_bound(bc.begin(), bc.end(), cmd,
                             [](const BarrierRef& b, std::uint32_t c) { return b.cmd < c; });
  std::size_t k = static_cast<std::size_t>(it - bc.begin());
  Point pt;
  if (k < bc.size()) pt.after_row = after_row_[unit][k];
  if (k > 0) pt.before_row = before_row_[unit][k - 1];
  return pt;
}

std::vector<BarrierGraph::Point> BarrierGraph::locate_all(std::uint32_t unit) const {
  const auto& bc = s_.barrier_cmds[unit];
  std::size_t n = p_.units[unit].cmds.size();
  std::vector<Point> out(n);
  std::size_t k = 0;  // first barrier command at or after i
  for (std::size_t i = 0; i < n; ++i) {
    while (k < bc.size() && bc[k].cmd < i) ++k;
    if (k < bc.size()) out[i].after_row = after_row_[unit][k];
    if (k > 0) out[i].before_row = before_row_[unit][k - 1];
  }
  return out;
}

bool BarrierGraph::happens_before(CmdRef a, CmdRef b, bool same_thread) const {
  if (a.unit == b.unit && (same_thread || p_.lockstep)) return a.cmd <= b.cmd;
  return earliest_after(locate(a.unit, a.cmd), b.unit) <= b.cmd;
}

bool BarrierGraph::happens_before_all_threads(CmdRef a, CmdRef b) const {
  if (a.unit != b.unit) return earliest_after(locate(a.unit, a.cmd), b.unit) <= b.cmd;
  if (a.cmd > b.cmd) return false;
  if (p_.lockstep || p_.units[a.unit].num_threads == 1) return true;
  return earliest_after(locate(a.unit, a.cmd), b.unit) <= b.cmd;
}

}  // namespace racecert::barriers
