#pragma once
// The solver check of transform::GroupUniform (transform/sync_views.hpp):
// conditions are the same in every two threads of one group of N
// consecutive threads of a block when, under the builtin ranges, the
// preconditions and the command line's assumptions for both threads,
// `lin@1 / N == lin@2 / N` and one block imply `c@1 == c@2` for each c.
// Per-thread variables get a second copy; block and uniform ones are shared.
#include <memory>

#include "smt/checker.hpp"
#include "smt/query.hpp"
#include "transform/sync_views.hpp"

namespace racecert::smt {

// Answers are remembered: the function may be asked again of any
// projection of w (same levels and preconditions). Its checks go through
// `contexts` when given (z3_implication).
transform::GroupUniform z3_group_uniform(const transform::WellFormed& w, const CheckOptions& o,
                                         std::shared_ptr<QueryContext> contexts = nullptr);

}  // namespace racecert::smt
