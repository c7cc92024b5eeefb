#pragma once
// The well-synchronization check of Fig. 4 of the WEFT paper in its scalable
// form, with the two gaps of the printed algorithm fixed (issue 6):
//  - c1 ranges over *all* registrations of generation k, not only its syncs,
//    and R is reflexive, so a generation made only of arrives is checked
//    (its completion is the last arrival, so every arrival must come first);
//  - a unit whose first command registers on generation >= 2 fails: nothing
//    can order it after the completion of the previous generation.
// For every registration c2 of generation k+1 with predecessor c3 in its
// unit, every registration c1 of generation k must happen before c3 (for all
// threads of both units). When generation k contains a sync, that sync alone
// suffices: every arrival of k happens before it.
#include <optional>

#include "barriers/dependence_graph.hpp"

namespace racecert::barriers {

std::optional<SyncViolation> check_recycling(const Program& p, const Schedule& s, const BarrierGraph& g);

}  // namespace racecert::barriers
