#include "liveness/cycles.hpp"

#include <bit>
#include <map>
#include <set>

#include "liveness/global_state.hpp"
#include "liveness/unit_sets.hpp"

namespace racecert::liveness {

using explorer::ScheduledEvent;
using explorer::StepKind;
using explorer::ThreadStatus;
using progress::ThreadSet;

namespace {

struct Point {
  std::vector<explorer::Value> key;  // the global state before step `index`
  ThreadSet started = 0, terminated = 0;
  // Per thread: it can take a step here (Running and not waiting at an
  // incomplete barrier instance, spinning, or stopped by the loop bound,
  // which cut a run that goes on).
  std::vector<char> enabled;
  // Per thread: spin-blocked here (its failed iteration's reads are the
  // graph's SpinReads of the thread); it counts as being back at its loop head.
  std::vector<char> spinning;
  std::size_t memory_at = 0;         // where the memory starts in `key`
  unsigned crowd = 0;                // the most units resident when one started, so far
  int index = 0;                     // position in the replayed run
};

// Per thread: the reads (location, value) of the failed iteration the graph
// ends spin-blocked in; none if it does not.
using SpinReads = std::vector<std::vector<std::pair<int, explorer::Value>>>;

// A thread spinning at this point can repeat its failed iteration (a step
// back to the same state) iff its reads see the memory of the point.
bool can_spin(const Point& pt, const SpinReads& spin_reads, std::size_t t) {
  for (const auto& [loc, v] : spin_reads[t])
    if (pt.key[pt.memory_at + static_cast<std::size_t>(loc)] != v) return false;
  return true;
}

// What a loop points[i] .. points[j] (one state) does, whatever the model:
// made once per loop, then judged under each model in O(threads). (A check
// per model that walked the loop again, with a map lookup of the state per
// step, made `progress check` of a two-thread exchange loop take 24 s:
// 51,000 graphs of about 14 loops each, six models.)
struct LoopFacts {
  progress::ThreadSet stepped = 0;  // units with a step in the loop
  std::vector<char> moved;          // per thread: takes a step in it
  std::vector<char> always_enabled; // per thread: enabled at every point of it
  // Per thread: enabled at some point of it whose state it never steps from
  // in the loop (strong fairness forbids that for a thread of F).
  std::vector<char> starved;
  std::set<int> spinners;  // spin-blocked threads that take their self-loop
};

// The facts of the loops from one head points[i], walking the run from i
// once: a loop to j extends the one to an earlier j (both return to the
// head's state), so the walk adds points and takes a snapshot at each j.
// state[k]: the index of the first point with points[k]'s state.
class LoopWalk {
 public:
  LoopWalk(const std::vector<Point>& points, const std::vector<int>& stepper, const std::vector<std::size_t>& state,
           const SpinReads& spin_reads, const UnitMap& units, std::size_t head)
      : points_(points), stepper_(stepper), state_(state), spin_reads_(spin_reads), units_(units),
        head_(points[head]), k_(head) {
    const std::size_t n = head_.enabled.size();
    f_.moved.assign(n, 0);
    f_.always_enabled.assign(n, 1);
  }

  // The facts of the loop from the head to points[j] (j past every earlier call's).
  LoopFacts to(std::size_t j) {
    for (; k_ < j; ++k_) add(k_);
    LoopFacts f = f_;
    f.starved.assign(f.moved.size(), 0);
    for (const auto& req : required_)
      if (!taken_.count(req)) f.starved[static_cast<std::size_t>(req.second)] = 1;
    return f;
  }

 private:
  void step(std::size_t k, int t) {
    f_.stepped |= unit_bit(units_.of_thread[static_cast<std::size_t>(t)]);
    f_.moved[static_cast<std::size_t>(t)] = 1;
    taken_.emplace(state_[k], t);
  }

  void add(std::size_t k) {
    const Point& pt = points_[k];
    step(k, stepper_[k]);
    for (std::size_t t = 0; t < pt.enabled.size(); ++t) {
      if (!pt.enabled[t]) f_.always_enabled[t] = 0;
      else required_.emplace(state_[k], static_cast<int>(t));
    }
    // Spin-blocked threads take their self-loop wherever it is one. Not a
    // thread of a unit that has not started at the head: its first step
    // would start the unit and change F, so the loop would not return to
    // the head's state (it made OBE lassos with F = {0} in which block 1
    // stepped).
    for (std::size_t t = 0; t < pt.spinning.size(); ++t)
      if (pt.spinning[t] && can_spin(pt, spin_reads_, t) && (head_.started & unit_bit(units_.of_thread[t])) != 0) {
        step(k, static_cast<int>(t));
        f_.spinners.insert(static_cast<int>(t));
      }
  }

  const std::vector<Point>& points_;
  const std::vector<int>& stepper_;
  const std::vector<std::size_t>& state_;
  const SpinReads& spin_reads_;
  const UnitMap& units_;
  const Point& head_;
  std::size_t k_;  // the next point to add
  LoopFacts f_;
  std::set<std::pair<std::size_t, int>> taken_;     // (state, thread) of each step so far
  std::set<std::pair<std::size_t, int>> required_;  // (state, thread) enabled so far
};

// The lasso of the loop points[i] .. points[j] (the same state) under spec,
// if the loop is fair for it.
std::optional<Lasso> loop_lasso(const explorer::Schedule& run, const std::vector<Point>& points,
                                const LoopFacts& f, const UnitMap& units,
                                const std::vector<LoopingThread>& spin_loops,
                                const progress::ModelSpec& spec, std::size_t i, std::size_t j) {
  const ThreadSet all = units.count == 32 ? ~ThreadSet{0} : unit_bit(units.count) - 1;
  const Point& head = points[i];
  // Under an occupancy bound no unit may start while the slots are full.
  if (spec.occupancy && points[j].crowd >= spec.occupancy) return std::nullopt;
  const ThreadSet fair = progress::fair_set(spec, all, head.started, head.terminated);
  // Weak fairness, per thread of a unit of F (threads of a scheduled unit
  // are fair to each other): the run repeats the loop forever, so a thread
  // enabled at every point of it is enabled from some point on, and must
  // step in it; one disabled somewhere (finished, or waiting at a barrier)
  // is owed nothing. Strong fairness asks more: every state's enabled
  // threads of F step from it.
  if (f.stepped == 0) return std::nullopt;
  const std::size_t n = head.enabled.size();
  for (std::size_t t = 0; t < n; ++t) {
    if (!(fair & unit_bit(units.of_thread[t]))) continue;
    if (f.always_enabled[t] && !f.moved[t]) return std::nullopt;
    if (spec.fairness == progress::Fairness::Strong && f.starved[t]) return std::nullopt;
  }
  Lasso l;
  l.prefix.assign(run.begin(), run.begin() + head.index);
  l.cycle.assign(run.begin() + head.index, run.begin() + points[j].index);
  std::map<int, std::vector<int>> pcs;
  for (const ScheduledEvent& e : l.cycle) pcs[e.thread].push_back(e.pc);
  for (auto& [t, v] : pcs) l.looping.push_back(LoopingThread{t, v.back(), v, false});
  for (int t : f.spinners)
    if (!pcs.count(t)) l.looping.push_back(spin_loops[static_cast<std::size_t>(t)]);
  for (int u = 0; u < units.count; ++u) {
    if (head.terminated & unit_bit(u)) l.terminated_units.push_back(u);
    else if (!(f.stepped & unit_bit(u))) l.paused_units.push_back(u);
    if (fair & unit_bit(u)) l.fair_units.push_back(u);
  }
  return l;
}

}  // namespace

std::vector<std::optional<Lasso>> find_write_cycles(const explorer::Graph& g, const UnitMap& units,
                                                    const std::vector<progress::ModelSpec>& specs) {
  std::vector<std::optional<Lasso>> found(specs.size());
  const explorer::Program& p = *g.context().program;
  const explorer::Schedule sched = explorer::schedule_of(g);
  const int n = g.num_threads();
  const std::vector<explorer::ThreadRunner>& runners = g.context().runners;
  std::vector<explorer::ThreadState> states;
  for (const auto& r : runners) states.push_back(r.initial());
  std::vector<explorer::Value> memory = p.init;
  const ThreadSet all = units.count == 32 ? ~ThreadSet{0} : unit_bit(units.count) - 1;
  ThreadSet started = 0;
  unsigned crowd = 0;  // the most units resident when one more started
  // Per thread: its key after each of its events (index: events so far), and
  // its events.
  auto thread_key = [&](std::size_t t) {
    std::vector<explorer::Value> k;
    append_thread_key(runners[t], states[t], k);
    return k;
  };
  // The barrier instances open, replayed in schedule order.
  BarrierBook barriers(static_cast<std::size_t>(n));
  std::vector<std::vector<std::vector<explorer::Value>>> thread_keys(static_cast<std::size_t>(n));
  std::vector<std::vector<ScheduledEvent>> thread_events(static_cast<std::size_t>(n));
  for (std::size_t t = 0; t < static_cast<std::size_t>(n); ++t) thread_keys[t].push_back(thread_key(t));

  // Threads the graph ends spin-blocked: where the failed iteration starts
  // (events before it; -1: none) and what it reads.
  std::vector<int> spin_start(static_cast<std::size_t>(n), -1);
  SpinReads spin_reads(static_cast<std::size_t>(n));
  std::vector<LoopingThread> spin_loops(static_cast<std::size_t>(n));
  for (int t = 0; t < n; ++t) {
    if (g.state(t).status != ThreadStatus::SpinBlocked) continue;
    const auto ut = static_cast<std::size_t>(t);
    const int jump = g.state(t).pc;
    spin_loops[ut] = LoopingThread{t, jump, {}, false};
    for (int pc = p.threads[ut].code[static_cast<std::size_t>(jump)].target; pc <= jump; ++pc)
      spin_loops[ut].loop_pcs.push_back(pc);
    spin_start[ut] = runners[ut].spin_iteration_start(g.state(t));
    for (int k = spin_start[ut]; k < g.size(t); ++k) {
      const explorer::Event& e = g.event(explorer::EventId{t, k});
      if (e.is_read()) spin_reads[ut].emplace_back(e.location, e.value);
    }
  }

  std::size_t key_size = 0;  // the last point's (the next one's is about the same)
  auto point = [&](int index) {
    Point pt;
    pt.index = index;
    pt.key.reserve(key_size);
    ThreadSet live = 0;
    pt.enabled.assign(static_cast<std::size_t>(n), 0);
    pt.spinning.assign(static_cast<std::size_t>(n), 0);
    for (int t = 0; t < n; ++t) {
      const auto ut = static_cast<std::size_t>(t);
      const explorer::ThreadState& s = states[ut];
      const int start = spin_start[ut];
      if (s.status == ThreadStatus::SpinBlocked) {
        // Back at the loop head: the state it had when its failed iteration began.
        pt.key.insert(pt.key.end(), thread_keys[ut][static_cast<std::size_t>(start)].begin(),
                      thread_keys[ut][static_cast<std::size_t>(start)].end());
      } else {
        pt.key.insert(pt.key.end(), thread_keys[ut].back().begin(), thread_keys[ut].back().end());
      }
      // At the head of the loop it ends spinning in (before or after the
      // failed iteration): the iteration is a self-loop wherever its reads
      // see the memory.
      if (start >= 0 && (s.status == ThreadStatus::SpinBlocked ||
                         thread_events[ut].size() == static_cast<std::size_t>(start))) {
        pt.spinning[ut] = pt.enabled[ut] = 1;
      }
      if ((s.status == ThreadStatus::Running && !(waits_at_barrier(runners[ut], s) && !barriers.released(t))) ||
          s.status == ThreadStatus::BoundBlocked)
        pt.enabled[ut] = 1;
      if (s.status == ThreadStatus::Running || s.status == ThreadStatus::SpinBlocked ||
          s.status == ThreadStatus::BoundBlocked)
        live |= unit_bit(units.of_thread[static_cast<std::size_t>(t)]);
    }
    pt.memory_at = pt.key.size();
    pt.key.insert(pt.key.end(), memory.begin(), memory.end());
    pt.key.push_back(started);
    barriers.append_key(pt.key);
    pt.started = started;
    pt.crowd = crowd;
    pt.terminated = all & ~live;
    key_size = pt.key.size();
    return pt;
  };

  // Replay, one step (an RMW: both events) at a time, into `run`: the
  // schedule with each barrier departure moved up to where its instance
  // completes (it touches no memory, and the thread's later events stay
  // after it). schedule_of may place a departure late, and a released
  // thread that has not departed is enabled: a loop before its departure
  // would starve it.
  std::vector<Point> points{point(0)};
  std::vector<int> stepper;  // thread of the step leaving points[k]
  explorer::Schedule run;
  std::vector<char> taken(sched.size(), 0);
  auto next_of = [&](std::size_t i, int thread) {  // the first untaken event of `thread` from i on
    while (i < sched.size() && (taken[i] || (thread >= 0 && sched[i].thread != thread))) ++i;
    return i;
  };
  // False: the schedule is no sequentially consistent arrival-order run.
  auto take = [&](std::size_t i) {
    const ScheduledEvent& e = sched[i];
    const auto t = static_cast<std::size_t>(e.thread);
    const int u = units.of_thread[t];
    if (!(started & unit_bit(u))) {
      const ThreadSet resident = points.back().started & ~points.back().terminated;
      crowd = std::max(crowd, static_cast<unsigned>(std::popcount(resident)));
    }
    // An RMW's read and write are one atomic step.
    const std::size_t second = next_of(i + 1, -1);
    const bool pair = e.kind == StepKind::Read && e.rmw && second < sched.size() && sched[second].thread == e.thread &&
                      sched[second].kind == StepKind::Write && sched[second].rmw;
    const std::size_t steps[2] = {i, second};
    for (std::size_t x = 0; x < (pair ? 2u : 1u); ++x) {
      const std::size_t k = steps[x];
      const ScheduledEvent& ev = sched[k];
      taken[k] = 1;
      if (ev.kind == StepKind::Read && ev.value != memory[static_cast<std::size_t>(ev.location)])
        return false;  // not sequentially consistent
      if (ev.kind == StepKind::Write) memory[static_cast<std::size_t>(ev.location)] = ev.value;
      // Barriers by arrival order: a departure before its instance
      // completes in this order is no replay.
      if (ev.kind == StepKind::BarrierArrive &&
          !barriers.arrive(p, e.thread, runners[t].next(states[t]), runners[t].instr(states[t]).barrier_wait))
        return false;
      if (ev.kind == StepKind::BarrierDepart) {
        if (!barriers.released(e.thread)) return false;
        barriers.depart(e.thread);
      }
      runners[t].advance(states[t], ev.value);
      thread_keys[t].push_back(thread_key(t));
      thread_events[t].push_back(ev);
      run.push_back(ev);
    }
    // An RMW read whose write is not next: not an atomic SC step.
    if (states[t].status == ThreadStatus::Running && states[t].phase != 0 &&
        runners[t].instr(states[t]).kind == explorer::InstrKind::Rmw)
      return false;
    started |= unit_bit(u);
    stepper.push_back(e.thread);
    points.push_back(point(static_cast<int>(run.size())));
    return true;
  };
  for (std::size_t i = next_of(0, -1); i < sched.size(); i = next_of(i, -1)) {
    if (!take(i)) return found;
    // Released threads depart now.
    for (int w = 0; w < n; ++w) {
      const auto uw = static_cast<std::size_t>(w);
      if (!waits_at_barrier(runners[uw], states[uw]) || !barriers.released(w)) continue;
      const std::size_t d = next_of(i, w);
      if (d < sched.size() && sched[d].kind == StepKind::BarrierDepart && !take(d)) return found;
    }
  }

  std::map<std::vector<explorer::Value>, std::size_t> first;
  std::vector<std::size_t> state(points.size());  // index of the first point with this state
  std::vector<std::pair<std::size_t, std::size_t>> loops;  // (i, j): points[i] and points[j] are one state
  for (std::size_t j = 0; j < points.size(); ++j) {
    auto [it, fresh] = first.emplace(points[j].key, j);
    state[j] = it->second;
    if (!fresh) loops.emplace_back(it->second, j);
  }
  // Every loop's facts, made when a model first needs them: the whole
  // group of loops of that head at once.
  std::vector<std::optional<LoopFacts>> facts(loops.size());
  auto facts_of = [&](std::size_t x) -> const LoopFacts& {
    if (!facts[x]) {
      LoopWalk walk(points, stepper, state, spin_reads, units, loops[x].first);
      for (std::size_t y = x; y < loops.size(); ++y)  // loops are in order of j
        if (loops[y].first == loops[x].first) facts[y] = walk.to(loops[y].second);
    }
    return *facts[x];
  };
  for (std::size_t m = 0; m < specs.size(); ++m)
    for (std::size_t x = 0; x < loops.size(); ++x) {
      const auto [i, j] = loops[x];
      if (auto l = loop_lasso(run, points, facts_of(x), units, spin_loops, specs[m], i, j)) {
        found[m] = std::move(l);
        break;
      }
    }
  return found;
}

}  // namespace racecert::liveness
