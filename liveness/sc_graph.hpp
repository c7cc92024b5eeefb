#pragma once
// The exact decision for programs whose SRC11 executions are exactly the
// sequentially consistent ones: every access atomic, to one and the same
// location (coherence then orders all of them in one total order that
// reads respect; barriers only add happens-before, so a consistent
// execution is still an interleaving, with each departure after its
// instance's arrivals); models with an occupancy bound are left open. The
// engine uses it where the execution graphs leave a row unknown (loops that
// write: the strong fairness rows of livelocks). It builds the explicit
// state graph of the interleavings (threads run without spin detection or
// loop bound; a state is each thread's pc, registers and pending RMW or
// barrier phase, the memory, the started units and the open barrier
// instances, liveness/global_state.hpp; a thread waiting at an incomplete
// instance is disabled) and decides as progress/decide_*.cpp do on AXB
// programs (docs/progress.md §4, Lemmas 9.1 and 9.2), after one check that
// AXB programs do not need:
//   hang:   a reachable state where a thread waits at a barrier and no
//           thread of a unit of F is enabled may not terminate (weak and
//           strong: the run stops there; its lasso has an empty cycle);
//   weak:   may not terminate iff a reachable SCC (F is constant on it)
//           has, for every thread of a unit of F, an internal step of it or
//           a state where it is disabled (threads of a scheduled unit are
//           fair to each other), and some internal step;
//   strong: terminates iff every state reaches, along steps of units of F,
//           a final state or one whose F is empty.
// Those functions work on progress's AXB state graph; this graph's states
// are explorer thread states, so the two short decisions are restated here.
// A barrier without a count, or an arrival whose count differs from its
// open instance's, leaves the program undecided (nullopt; BarrierBook).
#include <optional>
#include <vector>

#include "liveness/lasso.hpp"
#include "support/deadline.hpp"

namespace racecert::liveness {

struct ScDecision {
  // True (terminates), false (may not), or nullopt when the program is
  // outside the exact class, the graph is too large or the deadline passed.
  std::optional<bool> terminates;
  // When it may not terminate, under weak fairness or at a barrier hang:
  // the lasso (prefix and cycle as sequentially consistent events; the
  // cycle steps every unit of F, or is empty at a hang).
  std::optional<Lasso> lasso;
};

// One decision per model of `specs`.
std::vector<ScDecision> decide_sequentially_consistent(const explorer::Program& p, const UnitMap& units,
                                                       const std::vector<progress::ModelSpec>& specs,
                                                       Deadline deadline);

// Whether p is in the exact class (ignoring the occupancy bound).
bool sc_is_exact(const explorer::Program& p);

}  // namespace racecert::liveness
