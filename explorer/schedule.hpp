#pragma once
// A witness schedule: the events of one execution graph in an order a reader
// can replay, each with the value it read or wrote. The order is a
// linearization of program order, reads-from and barrier synchronisation
// (an event comes after the write it reads and a barrier departure after
// every arrival of its instance), preferring the order in which the explorer
// added the events. Under the weak model a read may return a value that is
// not the latest write in this order: the schedule states the value read and
// from which thread, so it still replays.
#include <vector>

#include "explorer/graph.hpp"

namespace racecert::explorer {

struct ScheduledEvent {
  int thread = -1;
  int pc = -1;
  StepKind kind = StepKind::Fence;
  int location = -1;
  Value value = 0;
  bool rmw = false;
  int read_from = -2;  // reads: the writing thread, -1 the initial value
};
using Schedule = std::vector<ScheduledEvent>;

Schedule schedule_of(const Graph& g);

}  // namespace racecert::explorer
