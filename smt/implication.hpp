#pragma once
// A Z3-backed implication check for the transforms (transform::Implication):
// facts => goal is valid when facts && !goal is unsatisfiable. Unknown and
// timeouts count as "not shown", which is always safe for the callers.
#include "transform/align.hpp"

namespace racecert::smt {

transform::Implication z3_implication(unsigned timeout_ms);

}  // namespace racecert::smt
