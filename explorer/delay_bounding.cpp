// Conflict-directed delay bounding (GKLEE's CD). Shape:
//   pending := { [] }                      delay lists, shortest first
//   while pending: D := pop
//     run the canonical schedule, delaying the current thread each time it is
//       about to add the event named by the next element of D, and switching
//       to the thread that element names;
//     for every conflict (a, b) of that schedule, a first:
//       child := the delays taken before a, then "delay a, switch to b's
//       thread" (DPOR's backtracking); queue it if |child| <= K.
// The paper appends a to the whole of D and records conflicts only once D is
// used up; we also take conflicts whose first access precedes the last delay,
// cutting D there, because otherwise pairs like message passing's data
// accesses (ordered by the flag until the flag is reordered) are never
// swapped. Different lists can give the same schedule (a delay not taken
// because no other thread could run, two delays that cancel out): only the
// first is counted and expanded.
#include "explorer/delay_bounding.hpp"

#include <algorithm>
#include <compare>
#include <set>
#include <vector>

#include "explorer/races.hpp"
#include "explorer/result_collector.hpp"
#include "explorer/sc_schedule.hpp"

namespace racecert::explorer {

bool is_conditional_atomic(const Instr& in) {
  if (in.kind != InstrKind::Rmw) return false;
  switch (in.rmw) {
    case RmwOp::Cas:
    case RmwOp::Min:
    case RmwOp::Max:
    case RmwOp::Inc:  // old >= a ? 0 : old + 1
    case RmwOp::Dec:  // old == 0 || old > a ? a : old - 1
      return true;
    case RmwOp::Add:
    case RmwOp::Sub:
    case RmwOp::And:
    case RmwOp::Or:
    case RmwOp::Xor:
    case RmwOp::Exch:
      return false;
  }
  return false;
}

namespace {

// Delay thread `thread` when it is about to add its event number `event`,
// and switch to thread `target`.
struct DelayPoint {
  int thread = 0;
  int event = 0;
  int target = 0;
  friend auto operator<=>(const DelayPoint&, const DelayPoint&) = default;
};
using DelayList = std::vector<DelayPoint>;

// Shorter lists first (the paper: "we process all smaller D sets before going
// to larger sets"), then lexicographic, so the order is deterministic.
struct ShorterFirst {
  bool operator()(const DelayList& a, const DelayList& b) const {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  }
};

class DelayBoundedExplorer {
 public:
  DelayBoundedExplorer(const Program& p, const DelayBoundOptions& o)
      : program_(p), options_(o), ctx_(p, o.loop_bound), collector_(p, ctx_, o.stop_on_first, o.on_final, o.same_value_writes_race) {}

  ExploreResult run() {
    std::set<DelayList, ShorterFirst> pending{DelayList{}};
    std::set<DelayList> queued{DelayList{}};
    while (!pending.empty() && !collector_.stopped()) {
      if (options_.deadline.expired()) {
        collector_.time_out();
        break;
      }
      DelayList d = *pending.begin();
      pending.erase(pending.begin());
      for (DelayList& child : run_schedule(d))
        if (static_cast<int>(child.size()) <= options_.delay_bound && queued.insert(child).second)
          pending.insert(std::move(child));
    }
    return collector_.take();
  }

 private:
  std::vector<DelayList> run_schedule(const DelayList& d);
  std::vector<DelayList> children(const ScSchedule& s, const DelayList& taken, const std::vector<int>& taken_at,
                                  const std::vector<std::vector<int>>& runnable) const;
  bool conflict(const ScSchedule& s, EventId a, EventId b) const;
  const Instr& instr(const Graph& g, EventId e) const {
    return program_.threads[static_cast<std::size_t>(e.thread)].code[static_cast<std::size_t>(g.event(e).pc)];
  }

  const Program& program_;
  const DelayBoundOptions& options_;
  GraphContext ctx_;
  ResultCollector collector_;
  // The schedules run so far, as the thread of each event: the schedule
  // determines the execution.
  std::set<std::vector<int>> ran_;
};

// Runs the schedule of delay list d; returns the delay lists it suggests, or
// nothing if an earlier list gave the same schedule.
std::vector<DelayList> DelayBoundedExplorer::run_schedule(const DelayList& d) {
  ScSchedule s(ctx_);
  const int threads = ctx_.num_threads;
  std::vector<bool> delayed(static_cast<std::size_t>(threads), false);
  // The lowest-numbered thread that can run, undelayed ones first; a delayed
  // thread picked resumes for good.
  auto pick = [&]() {
    for (bool want_delayed : {false, true})
      for (int t = 0; t < threads; ++t)
        if (delayed[static_cast<std::size_t>(t)] == want_delayed && s.can_run(t)) {
          delayed[static_cast<std::size_t>(t)] = false;
          return t;
        }
    return -1;
  };
  DelayList taken;
  std::vector<int> taken_at;  // position in the schedule of the event each delay preceded
  std::vector<std::vector<int>> runnable;  // before each event, the threads that could run
  std::size_t next = 0;
  int cur = -1;
  for (;;) {
    if (cur < 0 || !s.can_run(cur)) cur = pick();
    if (cur < 0) break;
    if (next < d.size() && d[next].thread == cur && d[next].event == s.graph().size(cur) && !s.inside_rmw(cur)) {
      const DelayPoint p = d[next++];
      // A delay whose target cannot run changes nothing: it is not taken.
      if (p.target != cur && s.can_run(p.target)) {
        delayed[static_cast<std::size_t>(cur)] = true;
        delayed[static_cast<std::size_t>(p.target)] = false;
        taken.push_back(p);
        taken_at.push_back(static_cast<int>(s.order().size()));
        cur = p.target;
        continue;
      }
    }
    std::vector<int> now;
    for (int t = 0; t < threads; ++t)
      if (s.can_run(t)) now.push_back(t);
    runnable.push_back(std::move(now));
    EventId e = s.step(cur);
    collector_.report_races(s.graph(), e);
    if (collector_.stopped()) return {};
    // Canonical scheduling restarts from the lowest thread after a barrier.
    if (s.graph().event(e).kind == StepKind::BarrierArrive) cur = -1;
  }
  std::vector<int> threads_in_order;
  for (EventId e : s.order()) threads_in_order.push_back(e.thread);
  if (!ran_.insert(std::move(threads_in_order)).second) return {};
  collector_.finish(s.graph());
  return children(s, taken, taken_at, runnable);
}

// Two accesses GKLEE's CD may reorder by delaying the first: same location,
// different threads, one a write, in the same barrier interval, and either
// both atomic or racing (racing accesses that hb orders now may stop being
// ordered once the synchronisation between them is reordered).
bool DelayBoundedExplorer::conflict(const ScSchedule& s, EventId a, EventId b) const {
  const Graph& g = s.graph();
  const Event& ea = g.event(a);
  const Event& eb = g.event(b);
  if (a.thread == b.thread || !ea.is_access() || !eb.is_access() || ea.location != eb.location) return false;
  if (!ea.is_write() && !eb.is_write()) return false;
  if (s.barrier_ordered(a, b)) return false;
  if (!(is_atomic(ea.order) && is_atomic(eb.order)) && !race_between(g, a, b)) return false;
  return !options_.optimized_conflicts || is_conditional_atomic(instr(g, a)) || is_conditional_atomic(instr(g, b));
}

std::vector<DelayList> DelayBoundedExplorer::children(const ScSchedule& s, const DelayList& taken,
                                                      const std::vector<int>& taken_at,
                                                      const std::vector<std::vector<int>>& runnable) const {
  const Graph& g = s.graph();
  const auto& order = s.order();
  // Accesses per location in schedule order: only those can conflict.
  std::vector<std::vector<EventId>> by_location(static_cast<std::size_t>(ctx_.num_locations));
  for (EventId e : order)
    if (g.event(e).is_access()) by_location[static_cast<std::size_t>(g.event(e).location)].push_back(e);
  std::set<DelayPoint> points;
  for (const auto& accesses : by_location)
    for (std::size_t j = 0; j < accesses.size(); ++j)
      for (std::size_t i = 0; i < j; ++i) {
        if (!conflict(s, accesses[i], accesses[j])) continue;
        EventId a = accesses[i];
        // The write of an RMW is delayed with its read: never between them.
        if (g.event(a).rmw && g.event(a).is_write()) --a.index;
        // Switch to b's thread; if it cannot run where a runs (it waits at a
        // barrier another thread must reach first), to every thread that can.
        const auto& can = runnable[static_cast<std::size_t>(s.position(a))];
        const int b = accesses[j].thread;
        if (std::find(can.begin(), can.end(), b) != can.end()) {
          points.insert(DelayPoint{a.thread, a.index, b});
        } else {
          for (int u : can)
            if (u != a.thread) points.insert(DelayPoint{a.thread, a.index, u});
        }
      }
  std::vector<DelayList> out;
  for (const DelayPoint& p : points) {
    const int at = s.position(EventId{p.thread, p.event});
    DelayList child;
    for (std::size_t k = 0; k < taken.size() && taken_at[k] <= at; ++k) child.push_back(taken[k]);
    child.push_back(p);
    out.push_back(std::move(child));
  }
  return out;
}

}  // namespace

ExploreResult explore_delay_bounded(const Program& program, const DelayBoundOptions& options) {
  DelayBoundedExplorer e(program, options);
  return e.run();
}

}  // namespace racecert::explorer
