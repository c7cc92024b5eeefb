// The DPOR engine. Shape of the recursion (GPUMC Algorithm 1):
//   visit(G): pick the next event of the lowest-numbered thread that can run;
//     read  -> one branch per write it can read from (forward revisits);
//     write -> one branch per coherence placement, then backward revisits:
//              each earlier read of the location outside the write's causal
//              prefix may read from it instead, if the events deleted by the
//              swap were all added "maximally" (CheckOptimal) — this is what
//              makes every execution appear exactly once;
//     barrier arrival -> one branch per instance it may join (an open one of
//              its barrier, or a new one): the arrival order is a choice;
//              without a count, the use number fixes the instance;
//     other -> a single successor.
// Consistency is checked incrementally before each recursive call.
#include "explorer/dpor.hpp"


#include "explorer/consistency.hpp"
#include "explorer/result_collector.hpp"
#include "support/big_stack.hpp"

namespace racecert::explorer {

bool ExploreResult::condition_holds(Quantifier q) const {
  switch (q) {
    case Quantifier::Exists: return satisfying > 0;
    case Quantifier::NotExists: return satisfying == 0;
    case Quantifier::Forall: return satisfying == executions;
    case Quantifier::None: return true;
  }
  return true;
}

bool ExploreResult::has_errors(Quantifier q) const {
  return !races.empty() || !failures.empty() || divergent > 0 || deadlocked > 0 ||
         (q == Quantifier::Forall && satisfying != executions);
}

namespace {

class Explorer {
 public:
  Explorer(const Program& p, const ExploreOptions& o)
      : options_(o), ctx_(p, o.loop_bound), collector_(p, ctx_, o.stop_on_first, o.on_final, o.same_value_writes_race) {}

  ExploreResult run() {
    Graph g(ctx_);
    visit(g);
    return collector_.take();
  }

 private:
  void visit(Graph& g);
  void visit_read(Graph& g, int t, const Step& st);
  void visit_write(Graph& g, int t, const Step& st);
  void visit_arrival(Graph& g, int t, const Step& st);
  void place_and_visit(Graph& g, EventId w, std::optional<EventId> revisited);
  void revisit_reads(Graph& g, EventId w);
  bool maximal(const Graph& g, EventId r, const std::vector<std::uint32_t>& wview) const;
  int next_thread(const Graph& g) const;
  bool paused(const Graph& g, int t) const {
    const auto& b = options_.event_budget;
    return static_cast<std::size_t>(t) < b.size() && b[static_cast<std::size_t>(t)] >= 0 &&
           g.size(t) >= b[static_cast<std::size_t>(t)];
  }
  void finish(const Graph& g) {
    // Barrier instances no arrival order produces: another branch has the
    // arrivals in the instances they really join.
    if (!g.barrier_instances_final()) return;
    collector_.finish(g);
    stopped_ = stopped_ || collector_.stopped();
  }
  void report_races(const Graph& g, EventId e) {
    collector_.report_races(g, e);
    stopped_ = stopped_ || collector_.stopped();
  }

  const ExploreOptions& options_;
  GraphContext ctx_;
  ResultCollector collector_;
  std::uint64_t stamp_ = 0;
  bool stopped_ = false;
  std::uint64_t visits_ = 0;
};

int Explorer::next_thread(const Graph& g) const {
  // An RMW whose read is done completes first, so its two events stay adjacent.
  for (int t = 0; t < g.num_threads(); ++t) {
    const ThreadState& s = g.state(t);
    if (s.status == ThreadStatus::Running && s.phase != 0 &&
        ctx_.runners[static_cast<std::size_t>(t)].instr(s).kind == InstrKind::Rmw)
      return t;
  }
  for (int t = 0; t < g.num_threads(); ++t)
    if (g.state(t).status == ThreadStatus::Running && !g.waiting_at_barrier(t) && !paused(g, t)) return t;
  return -1;
}

void Explorer::visit(Graph& g) {
  if (stopped_) return;
  // The clock is read every 256 visits: cheap, and still within milliseconds.
  if ((++visits_ & 0xff) == 0 && options_.deadline.expired()) {
    stopped_ = true;
    collector_.time_out();
    return;
  }
  if (g.total_events() >= options_.max_events) {
    collector_.cut(g);
    return;
  }
  int t = next_thread(g);
  if (t < 0) {
    finish(g);
    return;
  }
  Step st = ctx_.runners[static_cast<std::size_t>(t)].next(g.state(t));
  switch (st.kind) {
    case StepKind::Read: visit_read(g, t, st); break;
    case StepKind::Write: visit_write(g, t, st); break;
    case StepKind::BarrierArrive: visit_arrival(g, t, st); break;
    default:
      g.push(t, st, EventId{}, ++stamp_);
      if (sc_consistent(g)) visit(g);
      g.pop(t);
      break;
  }
}

void Explorer::visit_read(Graph& g, int t, const Step& st) {
  std::vector<EventId> sources{EventId{-1, st.location}};
  const auto& co = g.co(st.location);
  sources.insert(sources.end(), co.begin(), co.end());
  for (EventId w : sources) {
    if (stopped_) return;
    EventId r = g.push(t, st, w, ++stamp_);
    if (read_coherent(g, r) && sc_consistent(g)) {
      report_races(g, r);
      visit(g);
    }
    g.pop(t);
  }
}

void Explorer::visit_write(Graph& g, int t, const Step& st) {
  EventId w = g.push(t, st, EventId{}, ++stamp_);
  place_and_visit(g, w, std::nullopt);
  if (!stopped_) revisit_reads(g, w);
  g.pop(t);
}

// The instances are named by the arrival that opened them, so each partition
// of the arrivals into instances is built once; one whose instances cannot
// be ordered in time (porf) is no execution.
void Explorer::visit_arrival(Graph& g, int t, const Step& st) {
  if (st.barrier_count == 0) {
    // Without a count the use number fixes the instance; one that already
    // completed cannot take a late arrival (barrier_instances.hpp).
    EventId a = g.push(t, st, EventId{}, ++stamp_);
    if (!g.has_departure(a) && sc_consistent(g)) visit(g);
    g.pop(t);
    return;
  }
  std::vector<EventId> choices = g.open_barrier_instances(t, st);
  choices.push_back(EventId{});  // a new instance
  for (EventId group : choices) {
    if (stopped_) return;
    EventId a = g.push(t, st, EventId{}, ++stamp_, group);
    if (g.barrier_instances_ordered(a) && sc_consistent(g)) visit(g);
    g.pop(t);
  }
}

// Every coherence placement of w (only one for an RMW write: right after the
// write its read part read), with the consistency checks of the new edges.
void Explorer::place_and_visit(Graph& g, EventId w, std::optional<EventId> revisited) {
  const Event& we = g.event(w);
  const int loc = we.location;
  int first = write_co_floor(g, w);
  int last = static_cast<int>(g.co(loc).size());
  if (we.rmw) {
    int p = g.co_pos(g.event(EventId{w.thread, w.index - 1}).rf) + 1;
    if (p < first) return;
    first = last = p;
  }
  bool races_done = false;
  for (int p = first; p <= last && !stopped_; ++p) {
    g.co_insert(loc, p, w);
    bool ok = atomic_at(g, loc, p) && (!revisited || read_coherent(g, *revisited)) && sc_consistent(g);
    if (ok) {
      if (!races_done) {
        report_races(g, w);
        if (revisited) report_races(g, *revisited);
        races_done = true;
      }
      visit(g);
    }
    g.co_erase(loc, p);
  }
}

// CheckOptimal: the swap of r and w deletes the events added after r that
// are not in w's causal prefix. Going on is only allowed if each deleted
// event (and r) was added maximally — a read reads, and a write is, co-maximal
// among the events added before it or in w's prefix — and no deleted read
// reads from a deleted write added after it. A deleted arrival at a counted
// barrier must have opened its own instance, which no kept arrival joined
// (the choice always available when it is added again); one without a count
// has no choice (its use number fixes the instance). Otherwise another exploration
// path produces the same graph.
bool Explorer::maximal(const Graph& g, EventId r, const std::vector<std::uint32_t>& wview) const {
  const std::uint64_t sr = g.event(r).stamp;
  auto deleted = [&](EventId e) {
    return !e.is_init() && g.event(e).stamp > sr && !Graph::in_view(e, wview.data());
  };
  for (int t = 0; t < g.num_threads(); ++t)
    for (int i = 0; i < g.size(t); ++i) {
      EventId e{t, i};
      if (e != r && !deleted(e)) continue;
      const Event& ev = g.event(e);
      EventId hat = e;
      if (ev.kind == StepKind::BarrierArrive) {
        if (ev.barrier_count == 0) continue;  // its instance is fixed: re-added the same way
        if (ev.barrier_group != e || g.barrier_arrivals(e).size() != 1) return false;
        continue;
      }
      if (ev.is_read()) {
        hat = ev.rf;
        if (!hat.is_init() && ev.stamp < g.event(hat).stamp && deleted(hat)) return false;
      } else if (!ev.is_write()) {
        continue;
      }
      const auto& co = g.co(ev.location);
      for (std::size_t k = static_cast<std::size_t>(g.co_pos(hat) + 1); k < co.size(); ++k) {
        EventId later = co[k];
        if (g.event(later).stamp < ev.stamp || Graph::in_view(later, wview.data())) return false;
      }
    }
  return true;
}

void Explorer::revisit_reads(Graph& g, EventId w) {
  const int loc = g.event(w).location;
  const std::uint32_t* pv = g.porf(w);
  std::vector<std::uint32_t> wview(pv, pv + g.num_threads());
  std::vector<EventId> reads = g.reads(loc);
  for (EventId r : reads) {
    if (stopped_) return;
    const Event& re = g.event(r);
    if (!re.revisitable || Graph::in_view(r, wview.data())) continue;
    if (!maximal(g, r, wview)) continue;
    std::vector<int> keep(static_cast<std::size_t>(g.num_threads()));
    for (int t = 0; t < g.num_threads(); ++t) {
      int k = 0;
      while (k < g.size(t)) {
        EventId e{t, k};
        if (g.event(e).stamp > re.stamp && !Graph::in_view(e, wview.data())) break;
        ++k;
      }
      keep[static_cast<std::size_t>(t)] = k;
    }
    Graph revisited = g.revisited(keep, r, w);
    // Reads in w's prefix may no longer be revisited: another path owns those swaps.
    for (int t = 0; t < revisited.num_threads(); ++t)
      for (int i = 0; i < revisited.size(t); ++i) {
        EventId e{t, i};
        if (revisited.event(e).is_read() && Graph::in_view(e, wview.data())) revisited.set_revisitable(e, false);
      }
    place_and_visit(revisited, w, r);
  }
}


}  // namespace

ExploreResult explore(const Program& program, const ExploreOptions& options) {
  ExploreResult out;
  run_with_big_stack([&] {
    Explorer e(program, options);
    out = e.run();
  });
  return out;
}

}  // namespace racecert::explorer
