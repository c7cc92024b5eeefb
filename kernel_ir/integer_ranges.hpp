#pragma once
// Integer ranges of the kernel IR's values, and the pass that uses them to
// drop the wraps the front end writes around every 32-bit operation
// (expr::wrap; docs/frontend.md, "Integer widths"). A wrap whose operand is
// provably in its type's range is the identity; dropping it keeps indices
// and loop updates linear, which loop recognition and Z3 need. A wrap that
// stays is exact C semantics, so the pass never changes what the kernel
// computes: it only proves that some wraps do nothing.
//
// The analysis is a forward interval analysis over the structured IR
// (conditions refine, loops iterate with widening, break/continue/return
// handled), with the builtins bounded by the launch.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "kernel_ir/kernel_ir.hpp"

namespace racecert::kir {

// A closed interval; the int64 extremes stand for unbounded.
struct IntRange {
  std::int64_t lo = INT64_MIN, hi = INT64_MAX;
  bool operator==(const IntRange&) const = default;
};

struct RangeFacts {
  // Every value a variable can hold, from its C type (a parameter, a local
  // of a C type, a temporary holding a value read from memory). Variables
  // not listed have what the analysis computes, unbounded where it cannot.
  std::map<std::string, IntRange> declared;
  // The launch when fixed; otherwise the hardware's limits, and the
  // assumption that the grid has at most 2^31 threads in each dimension
  // (gridDim.d * blockDim.d <= 2^31), so that the global thread index
  // blockIdx.d * blockDim.d + threadIdx.d fits in an int.
  //
  // The update of a loop (its `update` block, a for loop's third clause) is
  // assumed not to overflow, so `i += stride` stays linear.
  bool assume_loop_updates_fit = true;
  std::optional<std::array<std::int64_t, 3>> block, grid;
  // Signed overflow is undefined behaviour. Signed arithmetic over kernel
  // arguments or values read from memory (`row * n + col` with a
  // parameter n) is assumed not to overflow, and stays mathematical: the
  // report states the assumption. Signed arithmetic over the launch and
  // constants alone (`threadIdx.x << 30`) always wraps as the hardware
  // does, and so does every unsigned operation (defined by C).
  bool assume_no_signed_overflow = true;
};

// Replaces every wrap of `k` (body and preconditions) whose operand the
// analysis proves in range by the operand.
struct WrapsLeft {
  std::size_t dropped = 0;
  std::size_t assumed = 0;  // signed wraps dropped by the no-overflow assumption
  std::size_t loop_updates_assumed = 0;  // wraps of loop updates dropped by assumption
  bool launch_assumed = false;  // a wrap dropped only under the launch assumption
  std::set<std::string> variables;  // the variables under the wraps that stay
};
WrapsLeft remove_redundant_wraps(Kernel& k, const RangeFacts& facts);

// The range of `e` where the variables have the given ranges (unlisted
// ones: builtins by the facts' launch, others unbounded). For tests and
// for callers that need a bound.
IntRange range_of(const Expr& e, const std::map<std::string, IntRange>& vars, const RangeFacts& facts);

}  // namespace racecert::kir
