#pragma once
// Lassos whose loop writes (livelocks), which spin-blocking cannot see: the
// explorer bounds such loops. When an execution graph's schedule is
// sequentially consistent (every read returns the latest write in schedule
// order; an RMW's two events adjacent), it is replayed as an interleaving
// of steps over global states (each thread's pc, registers and pending RMW
// or barrier phase, the memory, the started units). A state that comes back
// closes a loop: repeating the segment forever is a run of the program (the
// threads are deterministic functions of what they read). It is a lasso of
// a model when F is constant on it (the started and terminated sets are part
// of the state) and
//   weak fairness:   every thread of a unit of F that is enabled at every
//                    point of the segment takes a step in it (threads of a
//                    unit the model schedules are fair to each other);
//   strong fairness: at every state of the segment, every enabled thread of
//                    a unit of F takes its step from that state somewhere in
//                    the segment (so every fair transition enabled
//                    infinitely often is taken infinitely often).
// Under a model's occupancy bound no unit may start while the slots are
// full. Programs with barriers are skipped (their use counts grow without
// bound).
#include <optional>
#include <vector>

#include "liveness/lasso.hpp"

namespace racecert::liveness {

// One lasso (or none) per model of `specs`.
std::vector<std::optional<Lasso>> find_write_cycles(const explorer::Graph& g, const UnitMap& units,
                                                    const std::vector<progress::ModelSpec>& specs);

}  // namespace racecert::liveness
