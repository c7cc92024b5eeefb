#pragma once
// Launch dimensions in the pipeline: which ones a file is checked with (the
// command line's, else its GPUVerify header's, else none: symbolic), and the
// one place they become preconditions (blockDim.x == X, ...).
#include <optional>
#include <vector>

#include "protocol/protocol.hpp"
#include "support/gpuverify_header.hpp"
#include "support/launch_dims.hpp"

namespace racecert::pipeline {

struct Launch {
  std::optional<Dim3> block, grid;  // nullopt: any (symbolic)
};

// The command line's dimensions win, each on its own, over the header's.
Launch launch_of(const Launch& command_line, const GpuVerifyHeader& header);

// builtin.x == d.x, builtin.y == d.y, builtin.z == d.z ("blockDim" or "gridDim").
std::vector<protocol::Expr> dimension_preconditions(const char* builtin, const Dim3& d);
// Those of every known dimension of the launch.
std::vector<protocol::Expr> launch_preconditions(const Launch& l);

}  // namespace racecert::pipeline
