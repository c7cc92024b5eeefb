#pragma once
// The uniformity analysis of the kernel IR: which variables may differ
// between threads, and at what level.

#include "kernel_ir/kernel_ir.hpp"
#include "support/uniformity.hpp"

namespace racecert::kir {

// How much a variable may differ between threads: the same in the grid
// (parameters), in a block (blockIdx), or per thread (threadIdx, values
// read from memory). Flow-insensitive: a variable gets the worst level of
// any of its assignments, including through the conditions that control
// them, except a variable assigned once and read only after that
// assignment in its block (nested code included): a thread that skips the
// assignment never reads it, so the control around it does not count. Meant for a kernel without jumps (eliminate_jumps): a break is not
// a control dependence here.
// `uniform_loads`: a load of one cell of an array nothing writes, at an
// index the same in a block, has the index's level (at least Block);
// without it every load is per thread (GPUVerify's adversarial abstraction).
// Read the result with level_of (support/uniformity.hpp).
UniformityLevels uniformity(const Kernel& k, bool uniform_loads = true);

}  // namespace racecert::kir
