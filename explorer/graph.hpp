#pragma once
// An execution graph under construction: per thread the events in program
// order, reads-from for each read, coherence order per location, the order in
// which events were added (stamps, used by the DPOR's maximality check), and
// two vector clocks per event:
//  - hb:   for each thread u, how many of u's events happen-before-or-equal the
//          event (SRC11 hb: po, scope-inclusive sw, and barrier synchronisation);
//  - porf: the same for the causal prefix (po, rf and barrier edges), which
//          is what backward revisits keep and what No-Thin-Air forbids cycles in.
// Both are prefix-closed per thread, so a count per thread is exact.
// Initial writes are implicit: one per location, hb- and co-before everything.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "explorer/program.hpp"
#include "explorer/thread_runner.hpp"

namespace racecert::explorer {

struct EventId {
  std::int32_t thread = -1;  // -1: the initial write of location `index`
  std::int32_t index = -1;
  bool is_init() const { return thread < 0; }
  friend bool operator==(EventId a, EventId b) { return a.thread == b.thread && a.index == b.index; }
  friend bool operator!=(EventId a, EventId b) { return !(a == b); }
};

struct Event {
  StepKind kind = StepKind::Fence;
  Order order = Order::NA;
  Scope scope = Scope::Sys;
  bool rmw = false;
  bool revisitable = true;  // reads: may still be revisited by a later write
  std::int32_t location = -1;
  std::int32_t vlocation = -1;          // PTX v7.5 `vloc` (Program::aliases)
  Proxy proxy = Proxy::Generic;         // accesses; proxy fences
  FenceKind fence = FenceKind::Memory;  // fences
  std::int32_t pc = 0;
  Value value = 0;          // written or read value
  EventId rf;               // reads
  std::uint64_t stamp = 0;  // order of addition
  std::int32_t barrier_id = 0, barrier_instance = 0, barrier_count = 0;
  // Barrier events: the instance the arrival joined, named by the arrival
  // that opened it, or {kCountlessGroup, use number} for a barrier without a
  // count (explorer/barrier_instances.hpp); a departure's is its arrival's.
  EventId barrier_group;

  bool is_read() const { return kind == StepKind::Read; }
  bool is_write() const { return kind == StepKind::Write; }
  bool is_access() const { return is_read() || is_write(); }
};

// What every graph of one exploration shares.
struct GraphContext {
  const Program* program = nullptr;
  std::vector<ThreadRunner> runners;
  std::vector<std::vector<std::uint8_t>> distance;  // scope_distance between threads
  int num_threads = 0;
  int num_locations = 0;
  GraphContext(const Program& p, int loop_bound);
  // SRC11 incl between events of threads ta, tb with scopes sa, sb (both
  // assumed atomic): each scope instance contains the other thread.
  bool inclusive(int ta, Scope sa, int tb, Scope sb) const {
    int d = distance[static_cast<std::size_t>(ta)][static_cast<std::size_t>(tb)];
    return static_cast<int>(sa) >= d && static_cast<int>(sb) >= d;
  }
};

class Graph {
 public:
  explicit Graph(const GraphContext& ctx);

  const GraphContext& context() const { return *ctx_; }
  int num_threads() const { return ctx_->num_threads; }
  int size(int t) const { return static_cast<int>(events_[static_cast<std::size_t>(t)].size()); }
  int total_events() const;
  const Event& event(EventId e) const {
    return events_[static_cast<std::size_t>(e.thread)][static_cast<std::size_t>(e.index)];
  }
  const ThreadState& state(int t) const { return states_[static_cast<std::size_t>(t)].back(); }
  const std::uint32_t* hb(EventId e) const { return view(hb_, e); }
  const std::uint32_t* porf(EventId e) const { return view(porf_, e); }
  // a happens-before (or is) b. Initial writes happen before everything.
  bool hb_before(EventId a, EventId b) const {
    return a.is_init() || static_cast<std::uint32_t>(a.index) < hb(b)[a.thread];
  }
  static bool in_view(EventId e, const std::uint32_t* v) {
    return e.is_init() || static_cast<std::uint32_t>(e.index) < v[e.thread];
  }

  const std::vector<EventId>& co(int loc) const { return co_[static_cast<std::size_t>(loc)]; }
  const std::vector<EventId>& reads(int loc) const { return reads_[static_cast<std::size_t>(loc)]; }
  int co_pos(EventId w) const;  // -1 for the initial write
  Value value_of(EventId w) const;
  Value final_value(int loc) const;  // value of the co-maximal write

  // Appends the event `step` of thread t (a read reads from `rf`), computing
  // its views and the thread's next state. Writes are not yet in co. An
  // arrival joins instance `group` (an arrival of it), opens a new one when
  // `group` is the default EventId, and without `group` joins the instance
  // that is open in arrival order (a linear schedule: sc_schedule.cpp).
  EventId push(int t, const Step& step, EventId rf, std::uint64_t stamp,
               std::optional<EventId> group = std::nullopt);
  void pop(int t);  // removes thread t's last event (and its co/read entries)
  void co_insert(int loc, int pos, EventId w);
  void co_erase(int loc, int pos);

  // Backward revisit: the graph restricted to `keep` (per thread, how many
  // events stay; a prefix), where read r (the last kept event of its thread)
  // now reads from w.
  Graph revisited(const std::vector<int>& keep, EventId r, EventId w) const;
  void set_revisitable(EventId r, bool v) { mut(r).revisitable = v; }

  // Thread t is waiting at a barrier instance that is not complete (yet).
  bool waiting_at_barrier(int t) const;
  // The arrivals of the barrier instance of `member` (an arrival or departure).
  std::vector<EventId> barrier_arrivals(EventId member) const;
  // A barrier without a count: the instance of `arrival` is complete
  // (barrier_instances.hpp, countless_instance_complete), or has a departure.
  bool countless_complete(EventId arrival) const;
  // Some thread departed from the instance of `arrival`: a countless
  // instance is complete, and a new arrival at it came too late.
  bool has_departure(EventId arrival) const;
  // The instances, not yet complete, that thread t's arrival `step` may join.
  std::vector<EventId> open_barrier_instances(int t, const Step& step) const;
  // The instances of arrival a's barrier (its CTA and id) can be ordered in
  // time consistently with porf (barrier_instances.hpp).
  bool barrier_instances_ordered(EventId a) const;
  // Final graphs: every barrier's instances are a possible arrival order
  // (at most one incomplete instance, which can come last).
  bool barrier_instances_final() const;
  // The arrivals that complete the instance `group` (barrier_instances.hpp).
  int barrier_capacity_of(EventId group) const;

  // A canonical description of the execution (rf, co, values), for tests.
  std::string key() const;
  // Number of SC events (fences or accesses) in the graph.
  int sc_events() const { return sc_events_; }

 private:
  const std::uint32_t* view(const std::vector<std::vector<std::uint32_t>>& table, EventId e) const {
    return table[static_cast<std::size_t>(e.thread)].data() +
           static_cast<std::size_t>(e.index) * static_cast<std::size_t>(ctx_->num_threads);
  }
  Event& mut(EventId e) { return events_[static_cast<std::size_t>(e.thread)][static_cast<std::size_t>(e.index)]; }
  void compute_views(EventId e);  // graph_views.cpp
  void join_release(std::uint32_t* out, EventId w, EventId reader, int acq_thread, Scope acq_scope) const;

  const GraphContext* ctx_;
  std::vector<std::vector<Event>> events_;
  std::vector<std::vector<std::uint32_t>> hb_, porf_;
  std::vector<std::vector<ThreadState>> states_;  // states_[t][k]: after k events
  std::vector<std::vector<EventId>> co_;           // per location, without the initial write
  std::vector<std::vector<EventId>> reads_;        // per location, in order of addition
  int sc_events_ = 0;
};

}  // namespace racecert::explorer
