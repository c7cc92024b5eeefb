#pragma once
// The protocol analysis end to end: well-formedness, per-array projection,
// aligning, splitting, sequentialization (smt/array_stages.hpp) and one Z3
// query per symbolic trace, run in parallel. Produces one KernelReport per
// kernel. The driver of `racecert check` around it is pipeline/.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "protocol/protocol.hpp"
#include "smt/query.hpp"
#include "support/report.hpp"

namespace racecert::smt {

struct CheckOptions {
  int jobs = 0;                 // parallel queries; 0 or more than the cores: one per core
  QueryOptions query;           // query.deadline is set per kernel from kernel_timeout_ms
  unsigned kernel_timeout_ms = 60000;  // wall clock of one kernel's stages and queries; 0: none
  std::vector<protocol::Expr> assumptions;  // added to every trace (e.g. blockDim.x == 64)
  bool intra_block_only = false;  // compare only threads of one block (GPUVerify's --only-intra-group)
  // > 0: warps of this many threads (by linear thread id) run in lock-step
  // (GPUVerify's --warp-sync=N; docs/smt-encoding.md "Lock-step warps").
  int warp_size = 0;
  // Only these arrays' races are checked (a GPUVerify header's
  // --only-divergence or /checkArrays; pipeline/driver.cpp); none: every
  // array. Divergence is checked whatever this says.
  std::optional<std::set<std::string>> race_arrays;
};

std::vector<KernelReport> check(const std::vector<protocol::Kernel>& kernels, const CheckOptions& o);

}  // namespace racecert::smt
