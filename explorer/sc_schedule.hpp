#pragma once
// One sequentially consistent execution, built one event at a time in the
// order a scheduler picks threads: each read reads from the co-last write of
// its location, each write goes to the end of co. The graph is an ordinary
// explorer::Graph, so races (races.hpp), final states and thread statuses
// come from the same code as for the DPOR; threads are driven by their
// ThreadRunner, so every instruction kind works here unchanged.
//
// It also keeps a *barrier clock* per event: for each thread, how many of its
// events precede the event through program order and barrier
// synchronisation only. Two accesses ordered by it are in different barrier
// intervals and no schedule can swap them; GKLEE's conflicts are the pairs it
// does not order.
#include <cstdint>
#include <vector>

#include "explorer/graph.hpp"

namespace racecert::explorer {

class ScSchedule {
 public:
  explicit ScSchedule(const GraphContext& ctx);

  const Graph& graph() const { return graph_; }
  // Thread t can add an event now: running and not waiting at a barrier.
  bool can_run(int t) const;
  // Thread t has done the read of an RMW and must add its write next.
  bool inside_rmw(int t) const;
  // Adds the next event of thread t (requires can_run(t)).
  EventId step(int t);
  // Events in the order they were added.
  const std::vector<EventId>& order() const { return order_; }
  // Position of e in order().
  int position(EventId e) const {
    return position_[static_cast<std::size_t>(e.thread)][static_cast<std::size_t>(e.index)];
  }
  // a precedes b through program order and barriers only.
  bool barrier_ordered(EventId a, EventId b) const {
    return static_cast<std::uint32_t>(a.index) <
           clock_[static_cast<std::size_t>(b.thread)][static_cast<std::size_t>(b.index)][static_cast<std::size_t>(a.thread)];
  }

 private:
  Graph graph_;
  std::vector<EventId> order_;
  std::vector<std::vector<int>> position_;                       // [thread][event]
  std::vector<std::vector<std::vector<std::uint32_t>>> clock_;   // [thread][event][thread]
  std::uint64_t stamp_ = 0;
};

}  // namespace racecert::explorer
