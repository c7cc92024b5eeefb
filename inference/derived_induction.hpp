#pragma once
// Derived induction variables: a variable that moves in step with a loop's
// induction variable, like Blelloch's `offset *= 2` beside `d >>= 1`
// (docs/frontend.md, "Inference", "Derived induction variables").
//
// A variable v is derived when the loop assigns it exactly once, at the top
// level of its body or of its update (so on every iteration that completes,
// before any nested control flow can skip it), by `v = v OP c` with a
// constant c and OP one of * << + - (optionally inside the front end's
// 32-bit wrap) or / >> (without one); for + and -, c may also be a
// loop-invariant expression (`j += blockDim.x`). Its value at the start of iteration j is then a closed form of its
// entry value v0: v0 * c^j, v0 << k*j, v0 / c^j, v0 >> k*j, v0 + c*j
// (wrapped again where the update wraps: a wrap is a mod 2^32
// representative, so wrapping once at the end is wrapping at every step).
#include <optional>
#include <string>
#include <vector>

#include "kernel_ir/kernel_ir.hpp"
#include "protocol/protocol.hpp"

namespace racecert::inference {

// How many statements of b assign v (nested ones included).
int count_assignments(const kir::Block& b, const std::string& v);

struct DerivedUpdate {
  std::string var;
  expr::BinOp op = expr::BinOp::Add;  // Add, Sub, Mul, Shl, Div or Shr
  std::int64_t c = 0;                  // the constant operand
  std::optional<expr::Wrap> wrap;      // the wrap around `v OP c` (its value unused)
  // Add and Sub only: a loop-invariant operand that is no constant (`j +=
  // blockDim.x`), whose variables the loop never assigns; c is then unused.
  // derived_updates gives it over the kernel IR's variables; the caller
  // puts in their values at loop entry before asking for closed forms.
  expr::Expr step;
};

// The derived variables of loop l whose induction variable is `induction`.
// `last_is_induction_update`: the body's last statement is the induction
// update (a while loop) and is not scanned.
std::vector<DerivedUpdate> derived_updates(const kir::Loop& l, const std::string& induction,
                                           bool last_is_induction_update);

// v's value in the iteration of protocol loop `loop` whose variable has
// value x, given v's value v0 at loop entry; `otherwise` (an unknown) where
// the iteration cannot be told from x (beyond the enumerated iterations, or a
// loop variable that stops moving).
expr::Expr derived_in_iteration(const DerivedUpdate& u, const expr::Expr& v0, const protocol::Loop& loop,
                                const expr::Expr& x, const expr::Expr& otherwise);
// v's value after the loop: v0 updated once per iteration run; `otherwise`
// where the trip count is beyond the enumerated iterations.
expr::Expr derived_after_loop(const DerivedUpdate& u, const expr::Expr& v0, const protocol::Loop& loop,
                              const expr::Expr& otherwise);

}  // namespace racecert::inference
