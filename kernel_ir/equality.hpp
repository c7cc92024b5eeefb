#pragma once
// Structural equality of kernels: expressions compare as trees
// (expr::equal), not as pointers, and source positions count. The text
// form's round-trip (parse(print(k)) == k) is stated with it.
#include "kernel_ir/kernel_ir.hpp"

namespace racecert::kir {

bool equal(const Kernel& a, const Kernel& b);
bool equal(const Block& a, const Block& b);

}  // namespace racecert::kir
