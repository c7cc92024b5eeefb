#pragma once
// A Z3-backed implication check for the transforms (transform::Implication):
// facts => goal is valid when facts && !goal is unsatisfiable. Unknown and
// timeouts count as "not shown", which is always safe for the callers.
#include <memory>

#include "support/deadline.hpp"
#include "transform/align.hpp"

namespace racecert::smt {

class QueryContext;

// Each check ends after timeout_ms, or at `deadline` if that comes first,
// or after `rlimit` units of Z3's resource count (0: no such limit). The
// closure (and its copies) must be called by one thread at a time: its
// checks share one Z3 context (smt/query.hpp QueryContext), `contexts`
// when given (then with whatever else asks through it, one at a time),
// else one of their own.
transform::Implication z3_implication(unsigned timeout_ms, Deadline deadline = Deadline::never(),
                                      unsigned rlimit = 0, std::shared_ptr<QueryContext> contexts = nullptr);

}  // namespace racecert::smt
