#pragma once
// Witnesses that explain the launch (issue 13 item 11): when a race needs a
// launch the kernel's own code does not exclude, one line says which, so
// that a user sees at once whether it is real for the launch they use.
//
// What is explained: a race of the cross-block trace (threads of two
// different blocks) on an array whose same-block traces were all proved
// race-free. Then no two threads of one block race on that array, so the
// race needs two blocks: "racy when gridDim.x ≥ 2: every block writes
// out[threadIdx.x]". The condition is necessary, not sufficient: it names
// the one grid size the preconditions leave above 1, or, when several are,
// says "2 or more blocks" and the dimension the witness's blocks differ in.
// No extra query: the same-block verdicts are the ones the check already
// has (smt/checker.cpp decides when they all are DRF).
#include <string>

#include "smt/query.hpp"
#include "transform/trace.hpp"

namespace racecert::smt {

// `cross`: a cross-block trace; `r`: its racy result (a witness).
std::string launch_explanation(const transform::SymbolicTrace& cross, const QueryResult& r);

}  // namespace racecert::smt
