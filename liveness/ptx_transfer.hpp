#pragma once
// SRC11 verdicts that hold under PTX v7.5 (docs/explorer.md, "Under the PTX
// model", "Loops that write under PTX"). The PTX enumerator bounds loops
// that write, so such rows end unknown; the SRC11 engine decides many of
// them through sequentially consistent (SC) runs: livelock lassos
// (cycles.cpp) and the exact SC state graph (sc_graph.cpp). Two facts carry
// those verdicts over:
//  - every SC run of a program without barriers, proxies or aliases, whose
//    fence.sc pairs of different threads are morally strong, is a PTX
//    execution (co, the fence.sc order and every axiom's relation follow
//    the run's order), so an SRC11 lasso that is an SC run (a livelock
//    lasso: a non-empty cycle) is a PTX hang;
//  - if moreover every access is atomic, all to one location, and every two
//    accesses of different threads are morally strong (strong, each scope
//    including the other thread), the PTX executions are exactly the SC
//    ones, which are exactly the SRC11 ones (sc_graph.hpp): every SRC11
//    verdict, "terminates" included, is the PTX verdict.
#include <optional>
#include <string>
#include <vector>

#include "liveness/liveness.hpp"

namespace racecert::liveness {

// The first fact's precondition: every SC run of p is a PTX execution.
bool sc_runs_are_ptx_executions(const explorer::Program& p);

// The second's: p's PTX executions are exactly its SC (and SRC11) ones.
bool ptx_executions_are_sc(const explorer::Program& p);

// The SRC11 engine's verdict of each row of `specs` where a fact above
// carries it over to PTX (its reason says which, with "carried over from
// SRC11"), else nullopt with a note for the row's reason if it stays
// unknown. Runs the SRC11 engine only when a precondition holds; it is
// cheap next to the PTX enumeration, which then runs only for the rest.
struct Src11ForPtx {
  std::vector<std::optional<LivenessResult>> carried;
  std::vector<std::string> notes;  // "" or " (SRC11 says ...; not carried over: ...)"
};
Src11ForPtx src11_verdicts_for_ptx(const explorer::Program& p, const LivenessOptions& options,
                                   const std::vector<progress::ModelSpec>& specs);

}  // namespace racecert::liveness
