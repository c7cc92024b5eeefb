#pragma once
// The values a loop variable takes, as formulas. Shared by the transforms
// (which bind loop variables symbolically) and the interpreter (which runs
// loops). See docs/protocol-language.md, "Loops".
#include <optional>

#include "protocol/protocol.hpp"

namespace racecert::protocol {

// x satisfies the loop condition: x < bound, x <= bound, ...
Expr loop_cond(const Loop& l, const Expr& x);
// The value after x: x + step, x * step, x >> step, ...
Expr loop_next(const Loop& l, const Expr& x);
// The value before x, when the update can be inverted exactly on the loop's
// values (+, -, *, <<); nullopt for / and >>.
std::optional<Expr> loop_prev(const Loop& l, const Expr& x);
// The loop runs at least once: cond(init).
Expr loop_non_empty(const Loop& l);
// A formula true for every value x the loop variable takes (and possibly a
// few more: it over-approximates where the exact set is not expressible
// without quantifiers, so using it never hides a race). Exact for additive
// loops with a positive constant step and for multiplying/dividing loops with
// a constant factor on values below 2^32.
Expr loop_domain(const Loop& l, const Expr& x);
// x is the last value: in the domain and its successor fails the condition.
Expr loop_is_last(const Loop& l, const Expr& x);

// Iteration cap of the interpreter and of unrolled enumerations.
constexpr int kMaxLoopIterations = 4096;

}  // namespace racecert::protocol
