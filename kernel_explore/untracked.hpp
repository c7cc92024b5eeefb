#pragma once
// Which values of a kernel the explorer cannot compute: floating-point and
// other non-integer values, what the front end left untracked (a call
// without a body), and everything read or computed from them. The explorer
// stores them as 0, which is harmless as long as they only flow into data;
// the lowering refuses a kernel whose control, indices, assertions or
// compare-and-swap operands depend on one (`unknown`, with the position).
#include <set>
#include <string>

#include "kernel_ir/kernel_ir.hpp"

namespace racecert::kexplore {

struct Untracked {
  std::set<std::string> variables;
  std::set<std::string> arrays;  // arrays holding an untracked value
};

Untracked untracked_values(const kir::Kernel& k);

}  // namespace racecert::kexplore
