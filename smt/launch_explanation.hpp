#pragma once
// Witnesses that explain the launch (issue 13 item 11): when a race needs a
// launch the kernel's own code does not exclude, one line says which, so
// that a user sees at once whether it is real for the launch they use.
//
// Two conditions, each necessary (not sufficient) for the race:
//  * two blocks: a race of the cross-block trace (threads of different
//    blocks) on an array whose same-block traces were all proved race-free
//    (smt/checker.cpp decides that from the check's own verdicts: no extra
//    query). It reads "gridDim.x ≥ 2" when x is the one grid size the
//    preconditions leave above 1, else "the grid has 2 or more blocks".
//  * a block size: when the witness has blockDim.d = N ≥ 3 for a size the
//    preconditions do not fix, and the trace is the array's only one not
//    proved DRF, one more query of it with blockDim.d < N; DRF means that
//    no race on the array has fewer threads there: "blockDim.d ≥ N".
// E.g. "racy when gridDim.x ≥ 2: every block writes out[threadIdx.x] (4:3),
// and no two threads of one block race on it".
#include <string>

#include "smt/query.hpp"
#include "transform/trace.hpp"

namespace racecert::smt {

// What the check's other verdicts on the race's array tell.
struct LaunchFacts {
  bool needs_two_blocks = false;  // the trace is the cross-block one; the array's same-block traces are DRF
  bool sole_racy_trace = false;   // every other trace of the array is DRF
};

// `t`: the trace of a race, `r`: its racy result (the witness), `o`: the
// options of the extra query. Empty when there is nothing to say.
std::string launch_explanation(const transform::SymbolicTrace& t, const QueryResult& r, const LaunchFacts& facts,
                               const QueryOptions& o);

}  // namespace racecert::smt
