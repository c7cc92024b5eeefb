#pragma once
// Case splits on a uniform variable with few values (docs/smt-encoding.md
// "Speed"): when an assumption confines a uniform variable of a trace to a
// few constants, the query is asked once per value, the variable a
// constant, so that its products become linear.
//
// The split must be an equivalence: every model of the trace's assumptions
// gives the variable one of the case values. The values come from a
// top-level assumption (or a conjunct of one) that is a disjunction over
// one variable of
//   * `v == c`;
//   * `max(v, -v) <= c` (|v| <= c: the values -c..c, how sequentialization
//     writes a loop's last values);
//   * `v >= c` or `v > c` (an open tail: a loop over powers of two whose
//     last values sequentialization cannot list), allowed only when another
//     top-level conjunct bounds v below the tail (`v < 2 * blockDim.x`
//     once the launch is fixed), so that the tail has no model.
// Values outside the variable's constant bounds (`v < c`, `v <= c`,
// `v > c`, `v >= c`, either side, in top-level conjuncts) are dropped:
// they have no model either. At most kMaxCases values remain.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "transform/trace.hpp"

namespace racecert::smt {

struct CaseSplit {
  std::string var;
  std::vector<std::int64_t> values;  // sorted, distinct
};

constexpr std::size_t kMaxCases = 32;

// The first uniform variable of `t` (its assumptions taken as they are:
// the caller propagates constants first) that a split covers with 2 to
// kMaxCases values; nullopt if there is none.
std::optional<CaseSplit> small_domain(const transform::SymbolicTrace& t);

}  // namespace racecert::smt
