#pragma once
// The parts of a global state that the two state searches of this library
// (the livelock replay, cycles.cpp, and the exact state graph, sc_graph.cpp)
// share: a thread's part of the state key, and the barrier instances open
// in the state.
//
// Barriers with a count follow the explorer's rule (explorer/
// barrier_instances.hpp, the one definition): the arrivals at barrier id b
// of one CTA fill instance after instance in arrival order; an instance
// completes with its `barrier_capacity` arrivals, which releases its
// waiting members, and the next arrival opens the next one. Barriers
// without a count are not modelled (BarrierBook::arrive says why). The thread runner numbers the uses of a
// barrier id (ThreadState::pending holds the instance a waiting thread
// joined), a number that grows with every loop iteration: the key leaves it
// out and keeps instead what decides the future, which arrivals the open
// instance holds and which waiting threads are released. So a loop through
// a barrier comes back to the same state.
#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

#include "explorer/barrier_instances.hpp"
#include "explorer/program.hpp"
#include "explorer/thread_runner.hpp"

namespace racecert::liveness {

// The thread is at a barrier it arrived at and waits to depart.
inline bool waits_at_barrier(const explorer::ThreadRunner& r, const explorer::ThreadState& s) {
  return s.status == explorer::ThreadStatus::Running && s.phase == 1 &&
         r.instr(s).kind == explorer::InstrKind::Barrier;
}

// Thread t's part of a state key: pc, status, phase, the pending RMW value
// (not a barrier's use number: see above) and the registers.
inline void append_thread_key(const explorer::ThreadRunner& r, const explorer::ThreadState& s,
                              std::vector<explorer::Value>& key) {
  key.insert(key.end(), {s.pc, static_cast<explorer::Value>(s.status), s.phase,
                         waits_at_barrier(r, s) ? 0 : s.pending});
  for (explorer::Value v : r.registers(s)) key.push_back(v);
}

class BarrierBook {
 public:
  explicit BarrierBook(std::size_t threads) : released_(threads, 0) {}

  // Thread t arrives (`step`, its BarrierArrive; `waits`: a sync, not an
  // arrive-only). False (unsupported) where
  //  * the barrier has no count: the explorer's rule for those is being
  //    replaced (Dat3M's reading, explorer/barrier_instances.hpp
  //    `countless_instance_complete` on main: an instance completes once no
  //    other thread of the CTA may still arrive, which depends on the
  //    threads' futures and on use numbers this key leaves out);
  //  * an arrival's count differs from that of the open instance it would
  //    join (the rule does not say which instance it joins then).
  bool arrive(const explorer::Program& p, int t, const explorer::Step& step, bool waits) {
    if (step.barrier_count <= 0) return false;
    const explorer::Thread& th = p.threads[static_cast<std::size_t>(t)];
    const int capacity = explorer::barrier_capacity(step.barrier_count, p.cta_size(th.cta, th.gpu));
    Open& o = open_[{th.gpu, th.cta, step.barrier_id}];
    if (o.arrivals.empty()) o.capacity = capacity;
    if (o.capacity != capacity) return false;
    // Sorted: the order inside an instance decides nothing.
    o.arrivals.insert(std::upper_bound(o.arrivals.begin(), o.arrivals.end(), std::make_pair(t, waits)),
                      std::make_pair(t, waits));
    if (static_cast<int>(o.arrivals.size()) < o.capacity) return true;
    for (auto [u, w] : o.arrivals)
      if (w) released_[static_cast<std::size_t>(u)] = 1;
    open_.erase({th.gpu, th.cta, step.barrier_id});
    return true;
  }
  // Whether waiting thread t may depart (its instance is complete).
  bool released(int t) const { return released_[static_cast<std::size_t>(t)] != 0; }
  void depart(int t) { released_[static_cast<std::size_t>(t)] = 0; }

  void append_key(std::vector<explorer::Value>& key) const {
    for (const auto& [where, o] : open_) {
      key.insert(key.end(), {std::get<0>(where), std::get<1>(where), std::get<2>(where), o.capacity,
                             static_cast<explorer::Value>(o.arrivals.size())});
      for (auto [u, w] : o.arrivals) key.insert(key.end(), {u, w ? 1 : 0});
    }
    key.push_back(-1);
    for (char r : released_) key.push_back(r);
  }

 private:
  struct Open {
    int capacity = 0;
    std::vector<std::pair<int, bool>> arrivals;  // (thread, waits), sorted
  };
  std::map<std::tuple<int, int, int>, Open> open_;  // (gpu, cta, barrier id) -> its open instance
  std::vector<char> released_;                      // per thread
};

}  // namespace racecert::liveness
