#pragma once
// Protocols use the shared expression language (support/expr.hpp).
#include "support/expr.hpp"

namespace racecert::protocol {
using namespace ::racecert::expr;
}  // namespace racecert::protocol
