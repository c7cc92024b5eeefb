#include "barriers/simulator.hpp"

#include <algorithm>
#include <deque>

namespace racecert::barriers {

const char* to_string(SyncViolation::Kind k) {
  switch (k) {
    case SyncViolation::Kind::Deadlock: return "deadlock";
    case SyncViolation::Kind::CountMismatch: return "count mismatch";
    case SyncViolation::Kind::Overflow: return "too many threads";
    case SyncViolation::Kind::UnsafeRecycling: return "unsafe recycling";
    case SyncViolation::Kind::FirstRegistration: return "unordered first registration";
  }
  return "?";
}

std::uint32_t Schedule::gen_of(CmdRef c) const {
  if (c.unit >= barrier_cmds.size()) return kNone;
  const auto& v = barrier_cmds[c.unit];
  auto it = std::lower_bound(v.begin(), v.end(), c.cmd,
                             [](const BarrierRef& b, std::uint32_t cmd) { return b.cmd < cmd; });
  return it != v.end() && it->cmd == c.cmd ? it->gen : kNone;
}

namespace {

struct BarrierState {
  std::uint32_t open = kNone;  // generation being filled, kNone when unconfigured
  std::uint32_t completed = 0;  // generations completed so far
};

class Simulator {
 public:
  explicit Simulator(const Program& p) : p_(p), pc_(p.units.size(), 0), waiting_(p.units.size(), false) {
    s_.barrier_cmds.resize(p.units.size());
  }

  Schedule run() {
    std::deque<std::uint32_t> ready;
    for (std::uint32_t u = 0; u < p_.units.size(); ++u)
      if (!p_.units[u].cmds.empty()) ready.push_back(u);
    while (!ready.empty() && !s_.violation) {
      std::uint32_t u = ready.front();
      ready.pop_front();
      step(u, ready);
      if (!waiting_[u] && pc_[u] < p_.units[u].cmds.size()) ready.push_back(u);
    }
    if (!s_.violation) report_deadlock();
    return std::move(s_);
  }

 private:
  const Program& p_;
  Schedule s_;
  std::vector<std::uint32_t> pc_;
  std::vector<bool> waiting_;
  BarrierState bar_[kNumBarriers];
  std::uint64_t completions_ = 0;

  void step(std::uint32_t u, std::deque<std::uint32_t>& ready) {
    const Unit& unit = p_.units[u];
    const Command& c = unit.cmds[pc_[u]];
    ++s_.steps;
    if (!is_barrier(c.op)) {
      ++pc_[u];
      return;
    }
    CmdRef here{u, pc_[u]};
    BarrierState& b = bar_[c.arg];
    if (b.open == kNone) {
      Generation g;
      g.barrier = c.arg;
      g.number = b.completed + 1;
      g.count = c.aux;
      b.open = static_cast<std::uint32_t>(s_.gens.size());
      s_.gens.push_back(std::move(g));
    }
    Generation& g = s_.gens[b.open];
    if (g.count != c.aux) {
      fail(SyncViolation::Kind::CountMismatch, g, here, g.parts.front());
      return;
    }
    if (unit.num_threads > g.count - g.registered) {
      // Thread-level semantics would split the unit over two generations;
      // which threads land where depends on the schedule.
      fail(SyncViolation::Kind::Overflow, g, here, {});
      return;
    }
    g.parts.push_back(here);
    g.registered += unit.num_threads;
    s_.barrier_cmds[u].push_back(BarrierRef{here.cmd, b.open, c.op == Op::Sync});
    if (c.op == Op::Sync) {
      g.has_sync = true;
      waiting_[u] = true;
    } else {
      ++pc_[u];
    }
    if (g.registered == g.count) {
      g.completed_at = completions_++;
      for (const CmdRef& r : g.parts) {
        if (!waiting_[r.unit] || p_.units[r.unit].cmds[r.cmd].op != Op::Sync) continue;
        waiting_[r.unit] = false;
        ++pc_[r.unit];
        // The unit that completed the generation is re-queued by the caller.
        if (r.unit != u && pc_[r.unit] < p_.units[r.unit].cmds.size()) ready.push_back(r.unit);
      }
      b.open = kNone;
      ++b.completed;
    }
  }

  void fail(SyncViolation::Kind k, const Generation& g, CmdRef at, std::optional<CmdRef> other) {
    SyncViolation v;
    v.kind = k;
    v.barrier = g.barrier;
    v.generation = g.number;
    v.at = at;
    if (other) {
      v.other = *other;
      v.has_other = true;
    }
    s_.violation = std::move(v);
  }

  void report_deadlock() {
    SyncViolation v;
    v.kind = SyncViolation::Kind::Deadlock;
    for (std::uint32_t u = 0; u < p_.units.size(); ++u) {
      if (!waiting_[u]) continue;
      const Command& c = p_.units[u].cmds[pc_[u]];
      const Generation& g = s_.gens[bar_[c.arg].open];
      v.waits.push_back({CmdRef{u, pc_[u]}, g.barrier, g.number, g.registered, g.count});
    }
    if (v.waits.empty()) return;
    v.at = v.waits.front().at;
    v.barrier = v.waits.front().barrier;
    v.generation = v.waits.front().generation;
    s_.violation = std::move(v);
  }
};

}  // namespace

Schedule simulate(const Program& p) { return Simulator(p).run(); }

}  // namespace racecert::barriers
