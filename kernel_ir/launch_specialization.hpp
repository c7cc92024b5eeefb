#pragma once
// Launch specialization: a kernel for one fixed launch. Known block and grid
// sizes (blockDim.*, gridDim.*) and known scalar parameter values are
// substituted into every expression, constants fold (expr's constructors),
// and branches and loops whose condition became a constant are resolved:
// `if (true) A else B` is A, a test-first loop whose condition is false is
// just its init. The result is the same program on that launch, smaller
// for the analyses that take it.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "kernel_ir/kernel_ir.hpp"
#include "support/launch_dims.hpp"

namespace racecert::kir {

struct LaunchValues {
  std::optional<Dim3> block;                      // blockDim
  std::optional<Dim3> grid;                       // gridDim
  std::map<std::string, std::int64_t> parameters;  // scalar parameters by name
};

// Throws racecert::Error (exit 3, usage) when a value names no scalar
// parameter of the kernel. A parameter the kernel assigns is not
// substituted: the body starts by assigning it its value instead. The
// parameters stay declared (they are the kernel's signature). Preconditions
// get every given value, and one that became true is dropped.
Kernel specialize_launch(const Kernel& k, const LaunchValues& values);

}  // namespace racecert::kir
