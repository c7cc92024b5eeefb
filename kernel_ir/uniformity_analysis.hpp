#pragma once
// The uniformity analysis of the kernel IR: which variables may differ
// between threads, and at what level.
#include <map>
#include <string>

#include "kernel_ir/kernel_ir.hpp"
#include "support/uniformity.hpp"

namespace racecert::kir {

// How much a variable may differ between threads: the same in the grid
// (parameters), in a block (blockIdx), or per thread (threadIdx, values
// read from memory). Flow-insensitive: a variable gets the worst level of
// any of its assignments, including through the conditions that control
// them. Meant for a kernel without jumps (eliminate_jumps): a break is not
// a control dependence here.
std::map<std::string, Uniformity> uniformity(const Kernel& k);

// The worst level among the free variables of e; a variable absent from
// `levels` counts as per-thread.
Uniformity uniformity_of(const expr::Expr& e, const std::map<std::string, Uniformity>& levels);

}  // namespace racecert::kir
