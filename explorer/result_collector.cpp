#include "explorer/result_collector.hpp"

#include <algorithm>

#include "explorer/races.hpp"
#include "explorer/schedule.hpp"

namespace racecert::explorer {

namespace {

// No thread finished and every waiting thread of a CTA waits at the same
// barrier instance: nobody diverged, the barrier just cannot complete (a
// thread count that does not match): a deadlock rather than a divergence.
bool all_wait_at_one_barrier(const Graph& g) {
  const Program& p = *g.context().program;
  for (int t = 0; t < g.num_threads(); ++t) {
    if (g.state(t).status != ThreadStatus::Running) return false;
    for (int u = 0; u < t; ++u) {
      const Thread& a = p.threads[static_cast<std::size_t>(t)];
      const Thread& b = p.threads[static_cast<std::size_t>(u)];
      if (a.cta != b.cta || a.gpu != b.gpu) continue;
      const ThreadState& sa = g.state(t);
      const ThreadState& sb = g.state(u);
      const auto& ra = g.context().runners[static_cast<std::size_t>(t)];
      const auto& rb = g.context().runners[static_cast<std::size_t>(u)];
      if (ra.barrier_id(sa) != rb.barrier_id(sb)) return false;
      // The instance: the one its arrival joined (arrival order), for threads
      // that wait; otherwise the use count, as before instances followed it.
      if (g.waiting_at_barrier(t) && g.waiting_at_barrier(u)) {
        if (g.event(EventId{t, g.size(t) - 1}).barrier_group != g.event(EventId{u, g.size(u) - 1}).barrier_group)
          return false;
      } else if (sa.pending != sb.pending) {
        return false;
      }
    }
  }
  return true;
}

// A spin-blocked thread hangs for good only if its reads since its last
// write or barrier returned the values memory ends with: a fair scheduler
// lets the loop read them eventually, and then it repeats the same failed
// iteration. Otherwise the blocked graph is an artefact of pruning the loop,
// and the execution in which the reads see the newer writes is explored on
// its own.
bool hangs_for_good(const Graph& g, int t) {
  for (int i = g.size(t) - 1; i >= 0; --i) {
    const Event& e = g.event(EventId{t, i});
    if (e.kind == StepKind::BarrierArrive) break;
    // A read-modify-write writing back what it read is a read here, as in
    // the thread runner's await-loop check.
    if (e.is_write() && !(e.rmw && i > 0 && g.event(EventId{t, i - 1}).value == e.value)) break;
    // Reading the final value again gives the same iteration again.
    if (e.is_read() && e.value != g.final_value(e.location)) return false;
  }
  return true;
}

}  // namespace

bool ResultCollector::report_races(const Graph& g, EventId e) {
  if (!g.event(e).is_access()) return false;
  std::vector<Race> found;
  races_of(g, e, found, same_value_writes_race_);
  for (const Race& r : found) {
    auto key = std::make_tuple(static_cast<int>(r.kind), r.location, r.first.thread, r.first.pc, r.second.thread,
                               r.second.pc);
    if (race_keys_.insert(key).second) {
      result_.races.push_back(r);
      result_.race_schedules.push_back(schedule_of(g));
    }
  }
  if (!found.empty() && stop_on_first_) result_.stopped_early = true;
  return !found.empty();
}

FinalState ResultCollector::final_state(const Graph& g) const {
  FinalState s;
  for (int t = 0; t < g.num_threads(); ++t)
    s.registers.push_back(ctx_.runners[static_cast<std::size_t>(t)].registers(g.state(t)));
  for (int l = 0; l < ctx_.num_locations; ++l) s.memory.push_back(g.final_value(l));
  return s;
}

void ResultCollector::finish(const Graph& g) {
  bool finished = true, spin = false, stale_spin = false, bound = false, failed = false, pruned = false;
  for (int t = 0; t < g.num_threads(); ++t) {
    ThreadStatus st = g.state(t).status;
    finished = finished && st == ThreadStatus::Finished;
    if (st == ThreadStatus::SpinBlocked) (hangs_for_good(g, t) ? spin : stale_spin) = true;
    bound = bound || st == ThreadStatus::BoundBlocked;
    failed = failed || st == ThreadStatus::Failed;
    pruned = pruned || st == ThreadStatus::Pruned;
  }
  result_.max_events = std::max(result_.max_events, g.total_events());
  if (pruned) {
    ++result_.pruned;
    return;
  }
  if (on_final_) on_final_(g, finished);
  if (failed) {
    ++result_.failed;
    for (int t = 0; t < g.num_threads(); ++t) {
      const ThreadState& s = g.state(t);
      if (s.status != ThreadStatus::Failed) continue;
      auto kind = static_cast<FailureKind>(s.pending);
      auto key = std::make_tuple(-1 - static_cast<int>(kind), t, s.pc, 0, 0, 0);
      if (race_keys_.insert(key).second) result_.failures.push_back(Failure{kind, t, s.pc, schedule_of(g)});
    }
    if (stop_on_first_) result_.stopped_early = true;
    return;
  }
  if (!finished) {
    ++result_.blocked;
    if (bound) ++result_.bounded;
    if (bound || stale_spin) return;
    std::vector<AccessRef> where;
    for (int t = 0; t < g.num_threads(); ++t)
      if (g.state(t).status == ThreadStatus::Running || g.state(t).status == ThreadStatus::SpinBlocked)
        where.push_back(AccessRef{t, g.state(t).pc, false});
    if (spin || all_wait_at_one_barrier(g)) {
      if (result_.deadlocked++ == 0) {
        result_.deadlock_witness = std::move(where);
        result_.deadlock_schedule = schedule_of(g);
      }
    } else if (result_.divergent++ == 0) {
      result_.divergence_witness = std::move(where);
      result_.divergence_schedule = schedule_of(g);
    }
    if (stop_on_first_) result_.stopped_early = true;
    return;
  }
  ++result_.executions;
  const Quantifier q = program_.condition.quantifier;
  if (q == Quantifier::None) return;
  FinalState s = final_state(g);
  bool sat = evaluate(program_.condition.expr, s.registers, s.memory);
  if (sat) ++result_.satisfying;
  bool interesting = q == Quantifier::Forall ? !sat : sat;
  if (interesting && !result_.witness) result_.witness = std::move(s);
  if (q == Quantifier::Forall && !sat && stop_on_first_) result_.stopped_early = true;
}

}  // namespace racecert::explorer
