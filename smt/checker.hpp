#pragma once
// The protocol pipeline end to end: well-formedness, per-array projection,
// aligning, splitting, sequentialization and one Z3 query per symbolic trace,
// run in parallel. Produces one KernelReport per kernel.
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
};

enum class Stage { WellFormed, Aligned, Split, Traces, Smt };
bool parse_stage(const std::string& name, Stage& out);  // "wellformed", "aligned", ...

std::vector<KernelReport> check(const std::vector<protocol::Kernel>& kernels, const CheckOptions& o);

// The text of one pipeline stage for every array of the kernel.
std::string show_stage(const protocol::Kernel& k, Stage s, const CheckOptions& o);

// Assumptions fixing dimensions: "64" or "[16,16]" or "16,16,1" for
// blockDim (or gridDim). Throws usage_error on a malformed value.
std::vector<protocol::Expr> dimension_assumptions(const std::string& builtin, const std::string& value);

}  // namespace racecert::smt
